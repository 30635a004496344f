/**
 * The one error-code catalogue. `code` travels in the `{code,msg,data}` envelope; `status` is the HTTP status.
 * Codes starting with 47 mean the session is gone: the browser goes back to the login page.
 */
export const ErrorCodes = {
  BAD_REQUEST: { code: 400, status: 400, msg: '请求参数不正确' },
  UNKNOWN_TENANT: { code: 4004, status: 400, msg: '租户不存在' },
  BAD_CLIENT: { code: 4011, status: 401, msg: '客户端认证失败' },
  BAD_CREDENTIALS: { code: 4012, status: 400, msg: '用户名或密码错误' },
  ACCOUNT_LOCKED: { code: 4013, status: 423, msg: '密码错误次数过多，账户已被锁定' },
  BAD_SMS_CODE: { code: 4014, status: 400, msg: '验证码错误或已过期' },
  DEVICE_NOT_ACTIVE: { code: 4015, status: 400, msg: '该设备未激活，请先激活设备' },
  SMS_TOO_OFTEN: { code: 4016, status: 429, msg: '验证码发送过于频繁，请稍后再试' },
  ACCOUNT_DISABLED: { code: 4017, status: 400, msg: '账户已被停用，请联系管理员' },
  FORBIDDEN: { code: 4030, status: 403, msg: '您无权限执行该操作' },
  NOT_FOUND: { code: 4040, status: 404, msg: '记录不存在' },
  ROUTE_NOT_FOUND: { code: 404, status: 404, msg: '请求地址不存在' },
  CONFLICT: { code: 4090, status: 409, msg: '数据已存在' },
  // What the HTTP layer refuses before a route runs (server/http/errorAnswers.ts): the body's size, the address, the content type.
  BODY_TOO_LARGE: { code: 413, status: 413, msg: '请求内容过大' },
  URI_TOO_LONG: { code: 414, status: 414, msg: '请求地址过长' },
  UNSUPPORTED_MEDIA_TYPE: { code: 415, status: 415, msg: '不支持的请求内容类型，请以 application/json 发送' },
  HEADERS_TOO_LARGE: { code: 431, status: 431, msg: '请求头过大（请求地址或 Cookie 过长）' },
  REQUEST_TIMEOUT: { code: 408, status: 408, msg: '请求超时，请重试' },
  // A device on a shop's network (camera box) did not answer within its timeout.
  DEVICE_OFFLINE: { code: 4240, status: 424, msg: '设备离线，请检查设备的网络和电源后重试' },
  // Files (wxy-file-server)
  FILE_TOO_LARGE: { code: 4130, status: 413, msg: '文件过大' },
  FILE_TYPE_REFUSED: { code: 4150, status: 415, msg: '不支持的文件类型' },
  RANGE_NOT_SATISFIABLE: { code: 4160, status: 416, msg: '请求的范围超出文件大小' },
  CHECKSUM_MISMATCH: { code: 4220, status: 422, msg: '分片校验失败，请重新上传该分片' },
  NO_TOKEN: { code: 4701, status: 401, msg: '未登录或登录已过期，请重新登录' },
  TOKEN_EXPIRED: { code: 4702, status: 401, msg: '登录已过期，请重新登录' },
  TOKEN_REVOKED: { code: 4703, status: 401, msg: '登录已失效，请重新登录' },
  TOKEN_TENANT_MISMATCH: { code: 4704, status: 401, msg: '登录信息与租户不匹配，请重新登录' },
  TOKEN_INVALID: { code: 4705, status: 401, msg: '登录令牌无效，请重新登录' },
  // A statement that ran past the database's statement timeout (PostgreSQL server; see db/index.ts).
  QUERY_TIMEOUT: { code: 5030, status: 503, msg: '查询超时，请缩小查询范围（增加筛选条件）后重试' },
  INTERNAL: { code: 500, status: 500, msg: '系统繁忙，请稍后再试' },
} as const;

export type ErrorKind = keyof typeof ErrorCodes;

export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  constructor(kind: ErrorKind, msg?: string) {
    const entry = ErrorCodes[kind];
    super(msg ?? entry.msg);
    this.code = entry.code;
    this.status = entry.status;
  }
}

export const isSessionGoneCode = (code: number): boolean => String(code).startsWith('47');
