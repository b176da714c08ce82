/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 1dc8b44c9f21128f40e94427aba7626fb9d6baa3 */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_nsscache_status, 0, 0, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

#define arginfo_nsscache_versions arginfo_nsscache_status

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_nsscache_in_effect, 0, 0, _IS_BOOL, 1)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_nsscache_dentry_state, 0, 0, IS_ARRAY, 1)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_nsscache_metrics, 0, 0, IS_STRING, 0)
ZEND_END_ARG_INFO()


ZEND_FUNCTION(nsscache_status);
ZEND_FUNCTION(nsscache_versions);
ZEND_FUNCTION(nsscache_in_effect);
ZEND_FUNCTION(nsscache_dentry_state);
ZEND_FUNCTION(nsscache_metrics);


static const zend_function_entry ext_functions[] = {
	ZEND_FE(nsscache_status, arginfo_nsscache_status)
	ZEND_FE(nsscache_versions, arginfo_nsscache_versions)
	ZEND_FE(nsscache_in_effect, arginfo_nsscache_in_effect)
	ZEND_FE(nsscache_dentry_state, arginfo_nsscache_dentry_state)
	ZEND_FE(nsscache_metrics, arginfo_nsscache_metrics)
	ZEND_FE_END
};
