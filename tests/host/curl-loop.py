# SPDX-License-Identifier: BSD-2-Clause
# A non-PHP process on libcurl-NSS (tests/host/run): python3 loads libcurl-nss.so.4 with ctypes and
# GETs URL over HTTPS until the file STOP exists (or N times), then exits normally (so the access()
# counter reports). Prints "ready" once its first request has answered (NSS has opened its DB by
# then), or "failed CODE".
# Usage: python3 curl-loop.py URL STOP [N]
import ctypes
import os
import sys
import time

CURLOPT_URL = 10002
CURLOPT_WRITEFUNCTION = 20011
CURLOPT_NOSIGNAL = 99

curl = ctypes.CDLL("libcurl-nss.so.4")
curl.curl_easy_init.restype = ctypes.c_void_p
curl.curl_easy_setopt.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p]
curl.curl_easy_perform.argtypes = [ctypes.c_void_p]
curl.curl_easy_cleanup.argtypes = [ctypes.c_void_p]
WRITE = ctypes.CFUNCTYPE(ctypes.c_size_t, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_void_p)
sink = WRITE(lambda ptr, size, n, data: size * n)
url = ctypes.c_char_p(sys.argv[1].encode())
first = True
left = int(sys.argv[3]) if len(sys.argv) > 3 else -1
while left != 0 and not os.path.exists(sys.argv[2]):
    left -= 1
    h = curl.curl_easy_init()
    curl.curl_easy_setopt(h, CURLOPT_URL, url)
    curl.curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1)
    curl.curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, ctypes.cast(sink, ctypes.c_void_p))
    rc = curl.curl_easy_perform(h)
    curl.curl_easy_cleanup(h)
    if first:
        print("ready" if rc == 0 else "failed %d" % rc, flush=True)
        first = False
    time.sleep(0.1)
