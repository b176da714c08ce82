/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: f9128618a6c5732d4c949b1c62815a8b06999bea */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_nsscache_status, 0, 0, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

#define arginfo_nsscache_versions arginfo_nsscache_status

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_nsscache_in_effect, 0, 0, _IS_BOOL, 1)
ZEND_END_ARG_INFO()


ZEND_FUNCTION(nsscache_status);
ZEND_FUNCTION(nsscache_versions);
ZEND_FUNCTION(nsscache_in_effect);


static const zend_function_entry ext_functions[] = {
	ZEND_FE(nsscache_status, arginfo_nsscache_status)
	ZEND_FE(nsscache_versions, arginfo_nsscache_versions)
	ZEND_FE(nsscache_in_effect, arginfo_nsscache_in_effect)
	ZEND_FE_END
};
