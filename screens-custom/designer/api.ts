/**
 * The designer's server calls (wxy-system-server print-template/..., see server/API.md).
 * Templates are the designer's versioned JSON; the server validates them with the same core model.
 */
import { ApiError, SERVICE, call, client } from '../../src/api/http';
import type { Page } from '../../src/api/types';
import type { PrintTemplate } from '../../core/print/template/index.ts';

export interface PrintTemplateSummary {
  id: number;
  name: string;
  businessType: string;
  businessTypeName: string;
  remark: string | null;
  panelCount: number;
  createTime: string;
  updateTime: string;
  updateBy: string | null;
  /** The product's default, not yet saved by the tenant (migration 397). */
  isDefault?: boolean;
}

export interface PrintTemplateRecord extends PrintTemplateSummary {
  template: PrintTemplate;
}

export interface PrintTemplateInput {
  name: string;
  businessType: string;
  remark?: string | null;
  template: PrintTemplate;
}

export interface PrintTemplateFilter {
  name?: string;
  businessType?: string;
}

export const PRINT_TEMPLATE_PERMS = {
  list: 'print:template:list',
  add: 'print:template:add',
  edit: 'print:template:edit',
  delete: 'print:template:delete',
  render: 'print:template:render',
} as const;

const P = `${SERVICE.system}/print-template`;

export const printTemplateApi = {
  businessTypes: () => call<Array<{ value: string; label: string }>>({ method: 'GET', url: `${P}/business-types` }),
  /** The printable fields of a document type, from its descriptors (empty for types that are no document). */
  businessFields: (type: string) => call<Array<{ field: string; text: string }>>({ method: 'GET', url: `${P}/business-fields/${encodeURIComponent(type)}` }),
  page: (pageNum: number, pageSize: number, filter: PrintTemplateFilter = {}) =>
    call<Page<PrintTemplateSummary>>({ method: 'POST', url: `${P}/page/${pageNum}/${pageSize}`, data: filter }),
  info: (id: number) => call<PrintTemplateRecord>({ method: 'GET', url: `${P}/info/${id}` }),
  add: (body: PrintTemplateInput) => call<PrintTemplateRecord>({ method: 'POST', url: `${P}/add`, data: body }),
  edit: (id: number, body: PrintTemplateInput) => call<PrintTemplateRecord>({ method: 'PUT', url: `${P}/edit/${id}`, data: body }),
  copy: (id: number, name?: string) => call<PrintTemplateRecord>({ method: 'POST', url: `${P}/copy/${id}`, data: name ? { name } : {} }),
  remove: (id: number) => call<null>({ method: 'DELETE', url: `${P}/delete/${id}` }),
  /** A stored template with data rendered to PDF on the server. */
  render: async (id: number, data?: Record<string, unknown>): Promise<Blob> => {
    try {
      const res = await client.request<ArrayBuffer>({ method: 'POST', url: `${P}/render/${id}`, data: { data }, responseType: 'arraybuffer' });
      return new Blob([res.data], { type: 'application/pdf' });
    } catch (e) {
      // the failure answer is the JSON envelope inside an array buffer
      const response = (e as { response?: { data?: ArrayBuffer; status?: number } }).response;
      let body: { code?: number; msg?: string } = {};
      try {
        body = response?.data ? JSON.parse(new TextDecoder().decode(response.data)) : {};
      } catch {
        /* not JSON */
      }
      throw new ApiError(body.msg ?? '生成 PDF 失败', body.code, response?.status);
    }
  },
};
