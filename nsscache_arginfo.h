/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 418d96ec15dee5f8e410517a8ff6d6f19c245357 */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_nsscache_status, 0, 0, IS_ARRAY, 0)
ZEND_END_ARG_INFO()


ZEND_FUNCTION(nsscache_status);


static const zend_function_entry ext_functions[] = {
	ZEND_FE(nsscache_status, arginfo_nsscache_status)
	ZEND_FE_END
};
