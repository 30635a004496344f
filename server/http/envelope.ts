/** The `{code,msg,data}` answer every call except the token call uses. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export const ok = <T>(data: T, msg = '操作成功'): Envelope<T> => ({ code: 200, msg, data });

/** Content type of an answer sent as pre-built JSON text (the charset Fastify adds to its own JSON answers). */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** The success envelope as JSON text around `dataJson`, data already serialized (a page PostgreSQL built). */
export const okJson = (dataJson: string, msg = '操作成功'): string => `{"code":200,"msg":${JSON.stringify(msg)},"data":${dataJson}}`;

export interface Page<T> {
  records: T[];
  total: number;
}

/** JSON Schema of an envelope around `data`, for response serialization and OpenAPI. */
export const envelopeSchema = (data: object = {}) => ({
  type: 'object',
  properties: { code: { type: 'integer' }, msg: { type: 'string' }, data },
});

export const pageSchema = (record: object) => ({
  type: 'object',
  properties: { records: { type: 'array', items: record }, total: { type: 'integer' } },
});

/** Path params of paged calls: `{pageNum}/{pageSize}`. */
export const pageParamsSchema = {
  type: 'object',
  required: ['pageNum', 'pageSize'],
  properties: {
    pageNum: { type: 'integer', minimum: 1, title: '页码' },
    pageSize: { type: 'integer', minimum: 1, maximum: 999999, title: '每页条数' },
  },
} as const;

export const offsetOf = (pageNum: number, pageSize: number) => (pageNum - 1) * pageSize;
