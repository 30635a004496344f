/**
 * The descriptor format: resource descriptors (schemas/resources/*.json, the server's view of a table)
 * and screen descriptors (schemas/screens/*.json, the browser's view of a list). Pure types, no React;
 * the JSON meta-schemas in schemas/meta/ describe the same shapes for editors and for validation.
 */

/** The field permissions of spec 000 §5; a guarded field leaves answers and exports without it. */
export const FIELD_PERMISSIONS = ['进价总金额', '成本总金额', '零售价', '供应商', '毛利率'] as const;
export type FieldPermission = (typeof FIELD_PERMISSIONS)[number];

/** One column of a resource, as a JSON Schema fragment plus a few x- extensions. */
export interface FieldSchema {
  type: 'string' | 'integer' | 'number' | 'boolean';
  /** Chinese name; validation messages and export headers use it. */
  title: string;
  /** date, date-time, phone, email, uri. */
  format?: 'date' | 'date-time' | 'phone' | 'email' | 'uri';
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  /** Chinese message shown when `pattern` fails. */
  'x-msg'?: string;
  enum?: (string | number)[];
  default?: string | number | boolean;
  /** Set by the server (ids, creation time); never taken from a body. */
  readOnly?: boolean;
  /** Code of a data dictionary (sys_data_dictionary) whose values the field takes. */
  'x-dictionary'?: string;
  /** "pinyin": a Chinese name, sorted by pinyin where the database can (PostgreSQL with ICU). */
  'x-collate'?: 'pinyin';
  /** SQL column; defaults to the snake_case of the field name. */
  'x-column'?: string;
  /** Digits after the decimal point of a `number` (stored as numeric, answered as a number). */
  'x-decimals'?: number;
  /** Unique within the tenant (the migration has the index; a clash answers 数据已存在 naming the field). */
  'x-unique'?: boolean;
  /** Free text: refuses markup and SQL punctuation like every other text field of the server. */
  'x-plain'?: boolean;
  /** Left out of the list answers unless the route asks (big text). */
  'x-detailOnly'?: boolean;
  /**
   * Name of the resource whose primary key the field holds (a line's member, shop, order): a path filter on it
   * (getByShop/{shopId}) answers 404 naming that record when there is none, not an empty list. A document's lines
   * need none for their header's key: the document's `lines.foreignKey` says it.
   */
  'x-ref'?: string;
}

/** `self`: a person field equal to the caller (只看我的), applied when the filter's value is 1. */
export type FilterOp = 'equals' | 'in' | 'contains' | 'dateRange' | 'numberRange' | 'self';

export interface FilterDecl {
  /** Name of the filter as the screen refers to it; defaults to `field`. */
  name?: string;
  field: string;
  op: FilterOp;
  /** Request parameter(s): one for equals/in/contains (default: the name); two for ranges (default: nameStart, nameEnd). */
  params?: string[];
  /** contains only: the table has a GIN-indexed <column>_bigrams = text_bigrams(column) (migration 035), which the query then uses. */
  index?: 'bigram';
}

export type ActionKind =
  | 'page' // {records,total}, {pageNum}/{pageSize} in the path
  | 'list' // every matching row (capped), same filters
  | 'pulldown' // [{value,label}] of every matching row
  | 'tree' // nested children, by a parent field or grouped by a field
  | 'get' // one row by id
  | 'create'
  | 'update'
  | 'delete'
  | 'batchDelete' // body {ids: [...]}
  | 'setField' // one field (status switch, edit-state) from the path or the body
  | 'batchSetField' // the same field on many rows: body {ids: [...], <field>: value}, all rows or none
  | 'export' // streamed CSV or xlsx of the filtered query
  | 'import' // xlsx upload, all rows or none, per-row error report
  | 'template' // xlsx template download
  // Documents (the resource's `document` block; server/documents/):
  | 'docCreate' // header + lines in one body; numbered, initial status, event row
  | 'docUpdate' // header + lines (replacing them) while the status is editable
  | 'docMerge' // the spec's merge/save: a create without the key in the body, an update (while editable) with it
  | 'docGet' // header + lines + history + the actions the caller may run now
  | 'docDelete' // one document while its status is editable
  | 'docBatchDelete' // body {ids}: each document on its own, a per-document result
  | 'docAction' // one state-machine action on one document (route names it in `docAction`)
  | 'docBatchAction' // the same action on many documents, body {ids}, a per-document result
  | 'docPrint' // ticket/{id}/{type}: the document with its type's print template, type pdf (the PDF) or data ({template, data})
  | 'custom' // a domain's own handler, registered by key (server/resources/customRoutes.ts; the route names it in `handler`)
  | 'docSkuOptions'; // GET, the SKUs a line may take: ?keyword= (scan or type) or ?codes=a,b (pasted lines), with ?whId= their stock there

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDecl {
  /** Unique within the resource; screens name routes by it. Defaults to the path's literal segments (page, info, edit-state, tree/contains/shop), or the action for ''. */
  id?: string;
  method: HttpMethod;
  /** Path after the resource's base path, with {param}s; '' for the base path itself. */
  path: string;
  action: ActionKind;
  /** Permission string (menu perms) the caller needs; admin has all. Every route names one unless `anyUser`. */
  perm?: string;
  /** On purpose open to every logged-in user of the tenant (dictionaries, pickers every screen needs). */
  anyUser?: boolean;
  summary?: string;
  /** setField: the field it writes (value from the path param of that name, else from the body); batchSetField: from the body. */
  field?: string;
  /** custom: key of the handler a domain registered (server/resources/customRoutes.ts). */
  handler?: string;
  /** custom: what it answers when a screen names it: `page` ({records, total}: a list screen's endpoint), `file` (a server export). */
  answers?: 'page' | 'file';
  /** import, template: a document importer registered by a domain (server/documents/registry.ts) instead of the generic row import. */
  importer?: string;
  /** setField, batchSetField: values allowed (defaults to the field's enum). */
  values?: (string | number)[];
  /**
   * list/pulldown/tree: the fields answered (default: all list fields; a list answers exactly these).
   * create/update: the only fields the body may write (updateDet/{id} writes the settlement subset).
   */
  fields?: string[];
  /** `{param: field}`: the path's `{param}` filters rows on field = value (findList/{code}); page, list, pulldown, tree, export. */
  pathFilters?: Record<string, string>;
  /** `{field: value}`: fixed conditions every row the route answers meets (pulldown/distribution: isDistribution 1). */
  where?: Record<string, string | number | boolean>;
  /** pulldown: value and label fields. */
  valueField?: string;
  labelField?: string;
  /** tree: self-referencing parent field, or a field to group rows under. */
  parentField?: string;
  groupBy?: string;
  /** export: csv (default) or xlsx; a `format` query parameter can ask for the other. */
  format?: 'csv' | 'xlsx';
  /** docAction, docBatchAction: the id of the document action (resource `document.actions`) the route runs. */
  docAction?: string;
}

/** One transition of a document's state machine. */
export interface DocActionDecl {
  /** Unique within the document; routes and screens name it. */
  id: string;
  /** Chinese button text and history label (确认出库). */
  label: string;
  /** Statuses the action starts from. */
  from: number[];
  /** Statuses it may end in (the domain function picks one when there are several; default the first). */
  to: number[];
  /** Permission string the caller needs (admin has all). */
  perm: string;
  /** Key of the registered domain function (server/domains/<area>/), run in the action's transaction; absent: a plain status change. */
  fn?: string;
  /** Question the screen asks before running it. */
  confirm?: string;
  /**
   * Fields of the lines the action takes per line (confirm-in: the received quantity): the body carries
   * `{<bodyField>: [{<lines primary key>, <field>: value}]}`, validated like the lines resource's fields.
   */
  lineInput?: string[];
  /**
   * Stock the action posts, by the document layer in the action's transaction (server/documents/postings.ts): each line's
   * quantity into (`in`) or out of (`out`) the warehouse the header names, through the stock ledger's guards.
   */
  posts?: DocPostingDecl;
  /** Id of the action whose postings this one reverses: what the document posted is posted back (作废 of a confirmed one). */
  reverses?: string;
  /** Header fields the action sets: `now` (the time) or `user` (the caller's name), e.g. `{"confirmTime": "now"}`. */
  stamp?: Record<string, 'now' | 'user'>;
  /** Body fields the action takes besides `note` (an audit's result and remark), as JSON Schema properties with a Chinese title. */
  input?: Record<string, { type: string | string[]; title: string; enum?: (string | number | null)[]; maxLength?: number; minimum?: number; maximum?: number }>;
}

/** What a document action posts to the stock ledger. */
export interface DocPostingDecl {
  /** Header field holding the warehouse id. */
  warehouse: string;
  direction: 'in' | 'out';
  /**
   * `average`: at the warehouse's moving-average cost (an outgoing line gets that cost written into `costField`, and the
   * header totals follow); `line`: an incoming line at its own `costField`, which moves the average.
   */
  cost: 'average' | 'line';
  /** Line field of the quantity (default quantity). */
  quantity?: string;
  /** Line field of the unit cost (default unitCost). */
  costField?: string;
}

/** The lines of a document: a child resource whose rows belong to one header. */
export interface DocLinesDecl {
  /** Name of the lines resource. */
  resource: string;
  /** Field of the lines resource holding the header's primary key. */
  foreignKey: string;
  /** Name of the lines array in bodies and answers (detList). */
  bodyField: string;
  /** Field of the lines holding the SKU id: the layer checks the SKU and copies its code, name, barcode, spec and unit. */
  skuField?: string;
  /** Fields whose values may appear once per document (a SKU twice is refused). */
  uniqueBy?: string[];
  /** Fewest lines a document may be saved with (default 1). */
  minLines?: number;
  /** Field numbering the lines 1..n in body order (line_no). */
  lineNoField?: string;
}

/** A header resource that is a document: numbered, with lines and a state machine declared as data. */
export interface DocumentDecl {
  /** Document type key: ledger doc_type, history doc_type, print business type. */
  type: string;
  /** Number prefix: DB -> DB20261124-0001. */
  prefix: string;
  /** The 类型 label of this document's rows in 库存流水 (the docType dictionary item under `type`). */
  stockLog?: string;
  /**
   * The document waits for someone (工作台 待处理单据): documents in the statuses `action` starts from are counted for
   * holders of its permission, with `label`, linking to the list screen; within the caller's shops through the
   * header's warehouse field or shop field.
   */
  waiting?: { action: string; label: string; warehouseField?: string; shopField?: string };
  numberField: string;
  statusField: string;
  initialStatus: number;
  /** Statuses in which the document may still be edited or deleted. */
  editable: number[];
  /** The lines; absent for a header-only document (a petty-cash spend, an attendance request). */
  lines?: DocLinesDecl;
  /** Domain function run on create and update inside the transaction (extra checks, computed header fields). */
  onSave?: string;
  /** Domain function run before a delete, inside the transaction: it may refuse (throw) or tidy up. */
  onDelete?: string;
  actions: DocActionDecl[];
}

export interface SortKey {
  field: string;
  dir: 'asc' | 'desc';
}

export interface ResourceDescriptor {
  $schema?: string;
  /** Unique name, e.g. shop-base; the file is schemas/resources/<name>.json. */
  name: string;
  /** Service prefix under /api, e.g. wxy-shop-server. */
  service: string;
  /** Path under the service, e.g. shop-base. */
  basePath: string;
  /**
   * SQL table (has tenant_id and the forced RLS policy). Absent on a `computed` resource, whose routes are all custom:
   * only the generic handlers and the start-up table check read it, and neither runs for one.
   */
  table: string;
  /**
   * A report computed on read: no table; its rows come from the custom routes a domain registers (a `custom` route
   * with `answers: "page"` fills a list screen, `answers: "file"` is its server export). Fields name the columns.
   */
  computed?: boolean;
  primaryKey: string;
  /** Chinese name of one row, for messages (门店) and file names. */
  title: string;
  fields: Record<string, FieldSchema>;
  /** Fields a create must carry. */
  required?: string[];
  /** Which field permission reveals which fields. */
  fieldPermissions?: Partial<Record<FieldPermission, string[]>>;
  filters?: FilterDecl[];
  /** Fields a caller may sort by; anything else is refused. */
  sortable?: string[];
  /** Order when the caller names none; the primary key is always appended as the tie-breaker. */
  defaultSort?: SortKey[];
  routes: RouteDecl[];
  /** A document header: lines, numbering and state machine (server/documents/). */
  document?: DocumentDecl;
  /** A report computed per period by a background job (server/resources/snapshot.ts). */
  snapshot?: SnapshotDecl;
  /** Rows a caller may see beyond the tenant: the key of a condition a domain registers (server/resources/rowScopes.ts). */
  rowScope?: string;
}

/**
 * A report whose rows a background job computes per period: its page refuses a malformed or future period
 * (400 naming the field) and an unknown shop, and answers `notCollected` when the asked period was never computed;
 * the list screen then offers the collect route with the job's progress.
 */
export interface SnapshotDecl {
  /** Background job kind computing one period, keyed by the period (report.dailyContribution). */
  job: string;
  /** Other job kinds that compute the same rows (月度贡献's job also writes 每日贡献). */
  alsoBy?: string[];
  /** Month field (YYYY-MM) and filter parameter naming the period. */
  period: string;
  /** Route id of the collect call: body {<period>: month}; it answers the job. */
  collect: string;
  /** Filter parameter of a shop id that must exist in the caller's tenant. */
  shop?: string;
}

// ---------------------------------------------------------------- screens

/** A condition on the row's state that decides whether a row action shows. */
export interface RowCondition {
  field: string;
  equals?: string | number | boolean | null;
  in?: (string | number)[];
  notIn?: (string | number)[];
}

export interface ColumnDecl {
  field: string;
  /** i18n key of the header. */
  label: string;
  width?: number;
  minWidth?: number;
  /** Formatter key (core/descriptors/widgetKeys.ts FORMATTERS). */
  format?: string;
  /** Styler key (core/descriptors/widgetKeys.ts STYLERS). */
  styler?: string;
  sortable?: boolean;
  /** Dictionary code the `dictionary` formatter reads. */
  dictionary?: string;
  /** Cell links to a route with query params taken from the row. */
  link?: { to: string; query?: Record<string, string> };
  /** i18n key of a grouped parent header; columns sharing it sit under it. */
  parent?: string;
  fixed?: 'left' | 'right';
  align?: 'left' | 'center' | 'right';
  /** Hidden until the user picks it in 设置显示字段. */
  hidden?: boolean;
}

export interface FilterFieldDecl {
  /** A filter the resource declares (its name). */
  filter: string;
  label: string;
  /** Filter widget key (core/descriptors/widgetKeys.ts FILTER_WIDGETS). */
  widget: string;
  dictionary?: string;
  /** Spec 000 §5 search time limit subject (3-7 limit the range to 30 x value + 1 days). */
  timeLimitSubject?: number;
  placeholder?: string;
  /** Options of a plain select: value and i18n key of the label. */
  options?: { value: string | number; label: string }[];
  defaultValue?: unknown;
  /** refSelect: the rows offered (a page, list or pulldown route) and which of their fields is sent and shown. */
  source?: RefSelectOptions;
}

/** download: the route answers a file (a shop's QR code, a ZIP of them, a key) that the browser saves. */
export type ScreenActionKind = 'form' | 'call' | 'link' | 'export' | 'import' | 'columns' | 'download' | 'dialog';

export interface ActionDecl {
  id: string;
  /** i18n key of the button. */
  label: string;
  kind: ScreenActionKind;
  /** Route id in the screen's resource, or "resource#routeId". */
  endpoint?: string;
  /** form: which of the screen's forms opens. */
  form?: string;
  /** call: fixed body fields merged with the row's primary key. */
  body?: Record<string, unknown>;
  /** link: target route; query values are row field names. */
  to?: string;
  query?: Record<string, string>;
  /** i18n key of a confirmation question. */
  confirm?: string;
  /** Permission string that must be granted for the button to show (the server checks the route's own). */
  perm?: string;
  visibleWhen?: RowCondition[];
  /** Button colour hint. */
  danger?: boolean;
  /** call in the toolbar: false when the call takes no selected rows (生成对账单); it sends `body` alone. */
  selection?: boolean;
  /** import: this import's template route, when a screen has several imports (else the screen's import.template). */
  template?: string;
  /** dialog: the name of a hand-written dialog the browser registers (engine/list/rowDialogs.ts), opened with the row (or none in the toolbar). */
  dialog?: string;
}

export interface FormDecl {
  /** i18n key of the dialog or page title. */
  title: string;
  /** Resource fields on the form, in order; the JSON Schema is derived from them. */
  fields: string[];
  /** rjsf uiSchema merged over the derived one. */
  uiSchema?: Record<string, unknown>;
  /** Extra JSON Schema merged over the derived one (e.g. a narrower enum). */
  schema?: Record<string, unknown>;
  /** Route that loads the full row before editing or showing (get by id). */
  load?: string;
  /** Route the form submits to (absent: read-only detail). */
  submit?: string;
  /** `document`: the document page of a document resource (header form, lines grid, status, actions, history, print). */
  mode?: 'dialog' | 'page' | 'document';
  /**
   * page and document mode: the menu path (a hidden menu node) the form opens at, with the row key in the query
   * (`/shopManage/shopBaseDetail?shopId=3`); it survives a reload and is a tab of its own.
   */
  route?: string;
  /** document mode: header fields shown read-only above the form (number, totals, who and when). */
  summary?: string[];
  /** document mode: the lines grid. */
  lines?: DocLinesGridDecl;
  /** document mode: badge colour by status value (Mantine colour names); default blue while editable, green after. */
  statusColors?: Record<string, string>;
  /**
   * document mode: header fields and line columns shown only while a header field holds one of some values
   * (`{"threshold1": {"field": "promotionType", "in": [3]}}`); hidden ones keep their value in the draft.
   */
  showWhen?: Record<string, { field: string; in: (string | number)[] }>;
  readOnly?: boolean;
  width?: number;
  /** read-only forms: the fields in titled groups (the detail view shows each as a section); default one group of `fields`. */
  sections?: { title?: string; fields: string[] }[];
  /** read-only forms: lists of rows related to the record, below its fields (a supplier's purchases). */
  related?: RelatedListDecl[];
}

/** A list of another resource's rows that belong to the record shown (its first page, read-only). */
export interface RelatedListDecl {
  id: string;
  /** i18n key of the list's title. */
  title: string;
  /** A page or list route ("resource#routeId"). */
  source: string;
  /** Request parameter (a path placeholder or a filter) <- field of the record. */
  params: Record<string, string>;
  columns: { field: string; label?: string }[];
  /** Rows shown (default 20). */
  pageSize?: number;
}

/** The lines grid of a document page. */
export interface DocLinesGridDecl {
  /** Columns of the lines resource, in order; `editable` ones are inputs (the field's input helper). */
  columns: { field: string; label?: string; width?: number; editable?: boolean }[];
  /** line field <- field of the chosen SKU option (e.g. unitCost <- costPrice) when a SKU is added. */
  prefill?: Record<string, string>;
  /** amount = quantity x price, computed as the user types (the server computes it again on save). */
  amount?: { field: string; quantity: string; price: string };
  /** Header field that names the warehouse whose available stock the SKU search shows. */
  stockOf?: string;
}

/**
 * `ui:options` of a `refSelect` form widget: a searchable select of the rows of another resource's
 * page, list or pulldown route (a page route is asked for pageNum 1, pageSize 99999), storing the
 * row's `valueField` and showing `labelField` (with `codeField` beside it).
 */
export interface RefSelectOptions {
  /** Route id: "resource#routeId" (or a route of the screen's own resource). */
  source: string;
  valueField: string;
  labelField: string;
  codeField?: string;
}

export interface ScreenDescriptor {
  $schema?: string;
  name: string;
  /** Menu path that shows this screen. */
  route: string;
  /** i18n key of the tab and breadcrumb title. */
  title: string;
  resource: string;
  /** Route id that fills the table (a page action). */
  endpoint: string;
  /** title of the 设置显示字段 config (defaults to the resource's table). */
  columnConfigTitle?: string;
  rowKey?: string;
  columns: ColumnDecl[];
  filters?: FilterFieldDecl[];
  /** Extra field permissions for display (the resource's own always apply). */
  fieldPermissions?: Partial<Record<FieldPermission, string[]>>;
  toolbar?: ActionDecl[];
  rowActions?: ActionDecl[];
  bulkActions?: ActionDecl[];
  forms?: Record<string, FormDecl>;
  export?: { server?: string; browser?: boolean; fileName: string };
  import?: { endpoint: string; template: string };
  tab?: { thirdLevel?: boolean; keepAlive?: boolean };
  pageSize?: number;
  /** A list opened with a record in its URL (a notice's ?id=): URL query key → the resource filter it fixes. */
  queryFilters?: Record<string, string>;
  defaultSort?: SortKey;
  /** Panels (a report's charts) above the table, by key (core/descriptors/widgetKeys.ts PANELS); they read the list's filters. */
  panels?: string[];
}

/** Every descriptor of the project, loaded and indexed by name. */
export interface DescriptorSet {
  resources: Map<string, ResourceDescriptor>;
  screens: Map<string, ScreenDescriptor>;
  /** Where each descriptor came from (for error messages). */
  files: Map<ResourceDescriptor | ScreenDescriptor, string>;
}

/**
 * What the server answers for one menu path (GET wxy-system-server/screen-descriptor?route=): the screen,
 * the resources it calls, and its module directory's labels by language (nested i18n JSON).
 */
export interface ScreenBundle {
  screen: ScreenDescriptor;
  resources: ResourceDescriptor[];
  texts: Record<string, Record<string, unknown>>;
}

export interface DescriptorError {
  file: string;
  /** JSON pointer inside the file, '' for the whole file. */
  pointer: string;
  message: string;
}
