import { registerRowScope } from '../resources/rowScopes.ts';

/**
 * Every login attempt, good or bad, is a row of sys_login_record. The tenant's 登录日志 and the personal centre's
 * 登录记录 are engine lists (schemas/resources/sys-login-record.json, sys-my-login-record.json); the personal one
 * answers only the caller's own attempts.
 */
registerRowScope('system.ownLoginRecords', (userId, params) => `t.user_id = ${params.add(userId)}::int`);
