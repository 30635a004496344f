/**
 * The descriptor format: resource descriptors (schemas/resources/*.json, the server's view of a table)
 * and screen descriptors (schemas/screens/*.json, the browser's view of a list). Pure types, no React.
 * The types are generated from the JSON meta-schemas that validate the files (schemas/meta/, `npm run schemas:types`
 * writes generated/): to change the format, change the meta-schema. This file gives them the names the code uses;
 * what it writes by hand, the schema cannot say (each says why).
 */
import type * as R from './generated/resource';
import type * as S from './generated/screen';

/** The field permissions of spec 000 §5; a guarded field leaves answers and exports without it. A value the code iterates. */
export const FIELD_PERMISSIONS = ['进价总金额', '成本总金额', '零售价', '供应商', '毛利率'] as const;
export type FieldPermission = (typeof FIELD_PERMISSIONS)[number];

// ---------------------------------------------------------------- resources

/** One column of a resource, as a JSON Schema fragment plus a few x- extensions. */
export type FieldSchema = R.Field;
export type FilterDecl = R.Filter;
/** `self`: a person field equal to the caller (只看我的), applied when the filter's value is 1. */
export type FilterOp = FilterDecl['op'];
export type RouteDecl = R.Route;
export type ActionKind = RouteDecl['action'];
export type HttpMethod = RouteDecl['method'];
export type DocumentDecl = R.Document;
export type DocActionDecl = DocumentDecl['actions'][number];
export type DocPostingDecl = NonNullable<DocActionDecl['posts']>;
export type DocLinesDecl = NonNullable<DocumentDecl['lines']>;
export type SortKey = R.SortKey;
export type SnapshotDecl = NonNullable<R.ResourceDescriptor['snapshot']>;
/**
 * A resource descriptor. By hand: `table` is required unless the resource is `computed` — the meta-schema's if/then,
 * which the generator leaves as an optional key; a computed resource is never read as a table (check.ts refuses
 * its generic routes), so the code reads `table` as present.
 */
export type ResourceDescriptor = Omit<R.ResourceDescriptor, 'table'> & { table: string };

// ---------------------------------------------------------------- screens

/** A row condition: the field equals the value, or is (not) in the list. */
export type RowCondition = S.Condition;
export type ColumnDecl = S.Column;
export type FilterFieldDecl = S.Filter;
export type RefSelectOptions = NonNullable<FilterFieldDecl['source']>;
export type ActionDecl = S.Action;
export type ScreenActionKind = ActionDecl['kind'];
export type FormDecl = S.Form;
export type RelatedListDecl = NonNullable<FormDecl['related']>[number];
export type DocLinesGridDecl = NonNullable<FormDecl['lines']>;
export type ScreenDescriptor = S.ScreenDescriptor;
export type ReportDecl = S.Report;
export type ReportTabDecl = S.ReportTab;
export type ReportSummaryDecl = S.ReportSummary;
export type ReportChartDecl = S.ReportChart;
export type DrillDecl = S.Drill;

// ---------------------------------------------------------------- loaded sets (the loader's and the server's, not a file's)

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
