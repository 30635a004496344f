import path from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkDescriptors, formSchema, formWritable, resolveEndpoint } from '../../core/descriptors/index.ts';
import { formatError, loadDescriptors, type DescriptorFile } from '../../core/descriptors/load.ts';
import { loadDescriptorDirs, readI18nKeys } from '../../server/resources/descriptorFiles.ts';
import { FORMATTERS } from '../../core/descriptors/widgetKeys.ts';
import { submitBody } from '../../engine/runtime/screenModel.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const i18n = readI18nKeys(path.join(ROOT, 'core/descriptors/i18n'));
const shopResource = JSON.parse(readFileSync(path.join(ROOT, 'schemas/resources/shop-base.json'), 'utf8'));
const shopScreen = JSON.parse(readFileSync(path.join(ROOT, 'schemas/screens/shop-base.json'), 'utf8'));
/** The shop form's 所属区域 select reads the regions: loaded beside the shop files. */
const regionResource = readFileSync(path.join(ROOT, 'schemas/resources/shop-region.json'), 'utf8');

/** Loads the two shop-base files with a change applied to a copy of one of them. */
function check(change: { resource?: (r: any) => void; screen?: (s: any) => void }) {
  const r = structuredClone(shopResource);
  const s = structuredClone(shopScreen);
  change.resource?.(r);
  change.screen?.(s);
  const files: DescriptorFile[] = [
    { file: 'schemas/resources/shop-base.json', content: JSON.stringify(r) },
    { file: 'schemas/resources/shop-region.json', content: regionResource },
    { file: 'schemas/screens/shop-base.json', content: s },
  ];
  const { set, errors } = loadDescriptors(files);
  return [...errors, ...checkDescriptors(set, { i18n })].map(formatError);
}

/** The index a route pushed onto shop-base's routes gets (its routes grow as modules land). */
const PUSHED = shopResource.routes.length;

describe('descriptor check', () => {
  it('refuses a document route on a resource with a rowScope (the generic routes apply it, by id too)', () => {
    const errors = check({ resource: (r) => { r.rowScope = 'shops.mine'; r.routes.push({ action: 'docPrint', method: 'GET', path: 'ticket/{shopId}/{type}', perm: 'shop:base:list' } as never); } });
    expect(errors.some((e) => e.includes('has a rowScope that a docPrint route does not apply'))).toBe(true);
    expect(errors.some((e) => e.includes('a get route does not apply') || e.includes('a page route does not apply'))).toBe(false);
  });

  it('passes on every descriptor of the repository (what npm run schemas:check runs)', () => {
    const { set, errors } = loadDescriptorDirs([path.join(ROOT, 'schemas')], { i18nDir: path.join(ROOT, 'core/descriptors/i18n') });
    expect(errors.map(formatError)).toEqual([]);
    expect(set.resources.has('shop-base')).toBe(true);
    expect(set.screens.has('shop-base')).toBe(true);
  });

  it('offers the registered keys and seeded dictionary codes in the meta-schemas, so editors complete them', async () => {
    const { syncMetaSchemaKeys } = await import('../../scripts/metaSchemaKeys.ts');
    expect(syncMetaSchemaKeys(false)).toEqual([]);
    const meta = JSON.parse(readFileSync(path.join(ROOT, 'schemas/meta/screen.schema.json'), 'utf8'));
    expect(meta.definitions.formatterKey.enum).toEqual([...FORMATTERS]);
    expect(meta.definitions.dictionaryCode.examples).toEqual(expect.arrayContaining(['enableStatus', 'otherInStatus']));
  });

  it('reports meta-schema errors with the file and the JSON pointer of the property', () => {
    expect(check({ resource: (r) => (r.fields.shopName.maxLenght = 24) })).toContain('schemas/resources/shop-base.json#/fields/shopName/maxLenght unknown property');
    expect(check({ resource: (r) => delete r.table })).toContain('schemas/resources/shop-base.json#/table required property missing');
    expect(check({ screen: (s) => (s.columns[2].width = 'wide') })).toContain('schemas/screens/shop-base.json#/columns/2/width must be integer');
    expect(check({ resource: (r) => (r.routes[0].method = 'PATCH') })[0]).toMatch(/^schemas\/resources\/shop-base\.json#\/routes\/0\/method must be one of/);
  });

  it('refuses invalid JSON and a wrong $schema', () => {
    const { errors } = loadDescriptors([{ file: 'x/screens/a.json', content: '{"name": ' }]);
    expect(formatError(errors[0])).toMatch(/^x\/screens\/a\.json# invalid JSON/);
    expect(check({ screen: (s) => (s.$schema = 'screen.schema.json') })).toContain('schemas/screens/shop-base.json#/$schema must be the relative path of meta/screen.schema.json (../meta/screen.schema.json in schemas/) so editors complete the file');
  });

  it('cross-checks screens against resources, registered keys and i18n keys', () => {
    expect(check({ screen: (s) => (s.columns[1].field = 'shopTitle') })).toContain('schemas/screens/shop-base.json#/columns/1/field field "shopTitle" is not in resource "shop-base"');
    expect(check({ screen: (s) => (s.columns[7].format = 'fancy') })).toContain('schemas/screens/shop-base.json#/columns/7/format must be one of ["text","number","money","percent","rate","integer","date","dateTime","dictionary","enabled","yesNo","image","phone"]');
    expect(check({ screen: (s) => (s.filters[0].widget = 'slider') })).toContain('schemas/screens/shop-base.json#/filters/0/widget must be one of ["input","select","dictSelect","refSelect","integer","multiSelect","dateRange","numberRange","date"]');
    expect(check({ screen: (s) => (s.columns[0].label = 'shopBase.fields.nope') })).toEqual([
      'schemas/screens/shop-base.json#/columns/0/label i18n key "shopBase.fields.nope" is missing in en',
      'schemas/screens/shop-base.json#/columns/0/label i18n key "shopBase.fields.nope" is missing in zh-CN',
    ]);
    expect(check({ screen: (s) => (s.rowActions[4].endpoint = 'remove') })).toContain('schemas/screens/shop-base.json#/rowActions/4/endpoint no route "remove" in resource "shop-base"');
    expect(check({ screen: (s) => (s.endpoint = 'info') })).toContain('schemas/screens/shop-base.json#/endpoint route "info" is a get, expected page');
    expect(check({ screen: (s) => (s.filters[0].filter = 'phone') })).toContain('schemas/screens/shop-base.json#/filters/0/filter resource "shop-base" declares no filter "phone"');
    const bulk = (action: object) => check({ screen: (s) => (s.bulkActions = [{ id: 'bulk', label: 'engine.actions.disable', ...action }]) });
    expect(bulk({ kind: 'export', endpoint: 'export' })).toContain('schemas/screens/shop-base.json#/bulkActions/0/kind a bulk action is a "call" of a batchDelete or batchSetField route, not "export"');
    expect(bulk({ kind: 'call', endpoint: 'info' })).toContain(
      'schemas/screens/shop-base.json#/bulkActions/0/endpoint a bulk action needs a batchDelete, batchSetField, docBatchDelete or docBatchAction route (it sends the selected ids), "info" is a get',
    );
    expect(check({ screen: (s) => (s.columns[3].sortable = true) })).toContain('schemas/screens/shop-base.json#/columns/3/sortable resource "shop-base" does not allow sorting by "regionName"');
  });

  it('accepts a bulk status switch exactly when the list\'s resource has a batchSetField route for that field', () => {
    const bulk = (action: object, resource?: (r: any) => void) =>
      check({ resource, screen: (s) => (s.bulkActions = [{ id: 'bulk', label: 'engine.actions.batchDisable', kind: 'call', ...action }]) });
    const withoutBatch = (r: any) => (r.routes = r.routes.filter((route: any) => route.action !== 'batchSetField'));
    // shop-base declares PUT edit-state/batch (batchSetField of status): the bulk switch passes
    expect(bulk({ endpoint: 'edit-state/batch', body: { status: 0 } })).toEqual([]);
    expect(bulk({ endpoint: 'edit-state/batch', body: { status: 1 }, confirm: 'shopBase.confirm.batchEnable' })).toEqual([]);
    // without that route the same switch is refused, whether it names the batch route or the single one
    expect(bulk({ endpoint: 'edit-state/batch', body: { status: 0 } }, withoutBatch)).toEqual([
      'schemas/screens/shop-base.json#/bulkActions/0/endpoint no route "edit-state/batch" in resource "shop-base"',
    ]);
    expect(bulk({ endpoint: 'edit-state', body: { status: 0 } }, withoutBatch)).toEqual([
      'schemas/screens/shop-base.json#/bulkActions/0/endpoint a bulk action needs a batchDelete or batchSetField route (it sends the selected ids), "edit-state" is a setField and resource "shop-base" has no batchSetField route for "status"',
    ]);
    // a batch route for another field does not make a status switch possible
    const batchOfType = (r: any) => {
      withoutBatch(r);
      r.routes.push({ method: 'PUT', path: 'edit-type/batch', action: 'batchSetField', field: 'shopType', perm: 'shop:base:edit' });
    };
    expect(bulk({ endpoint: 'edit-state', body: { status: 0 } }, batchOfType)).toContain(
      'schemas/screens/shop-base.json#/bulkActions/0/endpoint a bulk action needs a batchDelete or batchSetField route (it sends the selected ids), "edit-state" is a setField and resource "shop-base" has no batchSetField route for "status"',
    );
    // with the route present, naming the single-row route points at the batch one
    expect(bulk({ endpoint: 'edit-state', body: { status: 0 } })).toEqual([
      'schemas/screens/shop-base.json#/bulkActions/0/endpoint a bulk action sends the selected ids: call the batchSetField route "edit-state/batch" instead of the setField "edit-state"',
    ]);
    // the body sets the route's field to an allowed value, and nothing else
    expect(bulk({ endpoint: 'edit-state/batch' })).toEqual(['schemas/screens/shop-base.json#/bulkActions/0/body the batchSetField route "edit-state/batch" writes "status": the body names its value']);
    expect(bulk({ endpoint: 'edit-state/batch', body: { status: 7 } })).toEqual(['schemas/screens/shop-base.json#/bulkActions/0/body/status 7 is not a value route "edit-state/batch" allows (0, 1)']);
    expect(bulk({ endpoint: 'edit-state/batch', body: { status: 0, shopType: 2 } })).toEqual([
      'schemas/screens/shop-base.json#/bulkActions/0/body/shopType the batchSetField route "edit-state/batch" takes only ids and "status"',
    ]);
    // the ids are the list's rows: a batch route of another resource is refused
    const other = structuredClone(shopResource);
    Object.assign(other, { name: 'shop-copy', basePath: 'shop-copy' });
    const files: DescriptorFile[] = [
      { file: 'schemas/resources/shop-base.json', content: shopResource },
      { file: 'schemas/resources/shop-copy.json', content: other },
      { file: 'schemas/resources/shop-region.json', content: regionResource },
      { file: 'schemas/screens/shop-base.json', content: { ...shopScreen, bulkActions: [{ id: 'bulk', label: 'engine.actions.batchDisable', kind: 'call', endpoint: 'shop-copy#edit-state/batch', body: { status: 0 } }] } },
    ];
    const { set } = loadDescriptors(files);
    expect(checkDescriptors(set, { i18n }).map(formatError)).toContain(
      'schemas/screens/shop-base.json#/bulkActions/0/endpoint a bulk action calls a route of the list\'s resource "shop-base" (it sends that list\'s ids), not of "shop-copy"',
    );
  });

  it('checks a batchSetField route: its field, its values, ids and value in the body', () => {
    const batch = { method: 'PUT', path: 'edit-type/batch', action: 'batchSetField', field: 'shopType', perm: 'shop:base:edit' };
    expect(check({ resource: (r) => r.routes.push(batch) })).toEqual([]);
    expect(check({ resource: (r) => r.routes.push({ ...batch, field: 'kind' }) })).toContain(`schemas/resources/shop-base.json#/routes/${PUSHED}/field field "kind" is not in fields`);
    expect(check({ resource: (r) => r.routes.push({ ...batch, field: 'shopName' }) })).toContain(
      `schemas/resources/shop-base.json#/routes/${PUSHED}/values a batchSetField route lists the values it allows (or the field has an enum, or is text with a pattern)`,
    );
    expect(check({ resource: (r) => r.routes.push({ ...batch, path: 'edit-type/batch/{shopType}' }) })).toContain(
      `schemas/resources/shop-base.json#/routes/${PUSHED}/path a batchSetField route takes the ids and the value from the body; its path has no parameters, found {shopType}`,
    );
    expect(check({ resource: (r) => r.routes.push({ ...batch, method: 'GET' }) })).toContain(`schemas/resources/shop-base.json#/routes/${PUSHED}/method a batchSetField route takes a body: PUT or POST`);
  });

  it('refuses a route that names no permission unless it is open to any user on purpose', () => {
    const open = { method: 'GET', path: 'names', action: 'list' };
    expect(check({ resource: (r) => r.routes.push(open) })).toEqual([
      `schemas/resources/shop-base.json#/routes/${PUSHED}/perm a route names the permission it needs ("perm"), or "anyUser": true when every logged-in user may call it`,
    ]);
    expect(check({ resource: (r) => r.routes.push({ ...open, anyUser: true }) })).toEqual([]);
  });

  it('cross-checks a resource: fields, filters, routes and their parameters', () => {
    expect(check({ resource: (r) => (r.primaryKey = 'id') })).toContain('schemas/resources/shop-base.json#/primaryKey field "id" is not in fields');
    expect(check({ resource: (r) => (r.filters[5].op = 'numberRange') })).toContain('schemas/resources/shop-base.json#/filters/5/op numberRange needs a numeric field, "openDate" is not');
    expect(check({ resource: (r) => (r.filters[0].index = 'bigram') })).toContain('schemas/resources/shop-base.json#/filters/0/index only a contains filter has an index, this one is equals');
    expect(check({ resource: (r) => (r.routes[0].path = 'page/{pageNum}') })).toContain('schemas/resources/shop-base.json#/routes/0/path a page route takes {pageNum} and {pageSize} both in its path, or both in its input (a path with neither)');
    expect(check({ resource: (r) => (r.routes[3].path = 'info') })).toContain('schemas/resources/shop-base.json#/routes/3/path a get route needs an id parameter such as {shopId}');
    expect(check({ resource: (r) => r.routes.push({ method: 'GET', path: 'info/{id}', action: 'get' }) })).toContain(`schemas/resources/shop-base.json#/routes/${PUSHED}/path duplicate route id "info" (give one of them an "id")`);
    expect(check({ resource: (r) => (r.fieldPermissions['成本总金额'] = ['cost']) })).toContain('schemas/resources/shop-base.json#/fieldPermissions/成本总金额/0 field "cost" is not in fields');
    expect(check({ resource: (r) => delete r.fields.address.maxLength })).toContain('schemas/resources/shop-base.json#/fields/address a string field needs maxLength (spec 000 §9 limits)');
  });

  it('checks path filters, fixed conditions and write subsets of routes', () => {
    const byCode = { method: 'GET', path: 'byCode/{code}', action: 'list', pathFilters: { code: 'shopCode' }, perm: 'shop:base:list' };
    expect(check({ resource: (r) => r.routes.push(byCode) })).toEqual([]);
    expect(check({ resource: (r) => r.routes.push({ ...byCode, pathFilters: { shopCode: 'shopCode' } }) })).toEqual(
      expect.arrayContaining([`schemas/resources/shop-base.json#/routes/${PUSHED}/pathFilters/shopCode the path has no {shopCode}`]),
    );
    expect(check({ resource: (r) => r.routes.push({ ...byCode, pathFilters: { code: 'nope' } }) })).toContain(`schemas/resources/shop-base.json#/routes/${PUSHED}/pathFilters/code field "nope" is not in fields`);
    expect(check({ resource: (r) => r.routes.push({ ...byCode, path: 'one/{code}', action: 'get' }) })).toContain(`schemas/resources/shop-base.json#/routes/${PUSHED}/pathFilters/code a get route takes no path filters (only page, list, pulldown, tree, export)`);
    expect(check({ resource: (r) => (r.routes[1].where = { status: 1 }) })).toEqual([]);
    expect(check({ resource: (r) => (r.routes[1].where = { status: 7 }) })).toContain('schemas/resources/shop-base.json#/routes/1/where/status 7 is no value of field "status"');
    expect(check({ resource: (r) => (r.routes[1].where = { shopName: 1 }) })).toContain('schemas/resources/shop-base.json#/routes/1/where/shopName 1 is no value of field "shopName"');
    expect(check({ resource: (r) => (r.routes[5].fields = ['shopName']) })).toEqual([]);
    expect(check({ resource: (r) => (r.routes[5].fields = ['shopId']) })).toContain('schemas/resources/shop-base.json#/routes/5/fields/0 field "shopId" is read-only; a update cannot write it');
  });

  it('derives the rjsf form schema from the resource fields', () => {
    const { set } = loadDescriptors([{ file: 'schemas/resources/shop-base.json', content: shopResource }]);
    const r = set.resources.get('shop-base')!;
    const { schema, uiSchema } = formSchema(r, shopScreen.forms.edit, (k) => k);
    const props = schema.properties as Record<string, Record<string, unknown>>;
    expect(schema.required).toEqual(['shopCode', 'shopName', 'shopType']);
    expect(props.shopName).toMatchObject({ type: 'string', title: '门店名称', maxLength: 24 });
    expect(props.phone).toMatchObject({ pattern: '^(|1[2-9]\\d{9})$', 'x-msg': '手机号码有误，请重填!' });
    expect(uiSchema.status).toMatchObject({ 'ui:widget': 'dictSelect', 'ui:options': { dictionary: 'enableStatus' } });
    expect(uiSchema.minCost).toMatchObject({ 'ui:widget': 'decimal', 'ui:options': { decimals: 2 } });
    expect(uiSchema.remark).toMatchObject({ 'ui:widget': 'textarea' });
    expect(resolveEndpoint(set, { resource: 'shop-base' }, 'edit-state')?.route.action).toBe('setField');
  });

  it('translates a form field\'s help, and a help naming no i18n key is an error (no raw key under a field)', () => {
    const { set } = loadDescriptors([{ file: 'schemas/resources/shop-base.json', content: shopResource }]);
    const r = set.resources.get('shop-base')!;
    const form = { ...shopScreen.forms.edit, uiSchema: { remark: { 'ui:widget': 'textarea', 'ui:help': 'promotion.shopIdsHelp' } } };
    expect(formSchema(r, form, (k) => `«${k}»`).uiSchema.remark).toMatchObject({ 'ui:widget': 'textarea', 'ui:help': '«promotion.shopIdsHelp»' });
    expect(check({ screen: (s) => (s.forms.edit.uiSchema = { remark: { 'ui:help': 'promotion.shopIdsHelp' } }) })).toEqual([]);
    expect(check({ screen: (s) => (s.forms.edit.uiSchema = { remark: { 'ui:help': '可选多家门店' } }) })).toContain('schemas/screens/shop-base.json#/forms/edit/uiSchema/remark/ui:help i18n key "可选多家门店" is missing in en');
  });

  it('takes a form\'s own fields (fieldDefs): derived like the resource\'s, sent with the submit, checked like them', () => {
    const { set } = loadDescriptors([{ file: 'schemas/resources/shop-base.json', content: shopResource }]);
    const r = set.resources.get('shop-base')!;
    const form = {
      title: 'shopBase.title', fields: ['shopName', 'secret'], required: ['secret'],
      fieldDefs: { secret: { type: 'string' as const, title: '密钥', minLength: 16, maxLength: 4096 } },
    };
    const { schema } = formSchema(r, form, (k) => k);
    expect((schema.properties as Record<string, unknown>).secret).toMatchObject({ type: 'string', title: '密钥', minLength: 16, maxLength: 4096 });
    expect(schema.required).toEqual(['shopName', 'secret']);
    expect(submitBody(r, { shopName: '一店', secret: 'k'.repeat(16), other: 1 }, null, undefined, formWritable(form))).toEqual({ shopName: '一店', secret: 'k'.repeat(16) });
    expect(check({ screen: (s) => (s.forms.key = form) })).toEqual([]);
    expect(check({ screen: (s) => (s.forms.key = { ...form, fieldDefs: { secret: { type: 'string', title: '密钥' } } }) }))
      .toContain('schemas/screens/shop-base.json#/forms/key/fieldDefs/secret a string field needs maxLength (spec 000 §9 limits)');
    expect(check({ screen: (s) => (s.forms.key = { ...form, fields: ['shopName', 'secret', 'nothing'] }) }))
      .toContain('schemas/screens/shop-base.json#/forms/key/fields/2 field "nothing" is not in resource "shop-base" nor declared in the form\'s fieldDefs');
    expect(check({ screen: (s) => (s.forms.key = { ...form, intro: 'no.such.key' }) })).toContain('schemas/screens/shop-base.json#/forms/key/intro i18n key "no.such.key" is missing in zh-CN');
  });

  it('checks a reference select: its source is a page, list or pulldown route whose rows carry the value and label fields', () => {
    const all = loadDescriptorDirs([path.join(ROOT, 'schemas')], { i18nDir: path.join(ROOT, 'core/descriptors/i18n') }).set;
    const skuScreen = all.screens.get('pd-sku')!;
    const files = (change: (s: any) => void): string[] => {
      const s = structuredClone(skuScreen) as any;
      change(s);
      const list: DescriptorFile[] = [...all.resources.values()].map((r) => ({ file: `schemas/resources/${r.name}.json`, content: r }));
      list.push({ file: 'schemas/screens/pd-sku.json', content: s });
      const { set, errors } = loadDescriptors(list);
      return [...errors, ...checkDescriptors(set, { i18n })].map(formatError);
    };
    const ui = (s: any) => s.forms.add.uiSchema.supplierId['ui:options'];
    // the repository's SKU form: SPU from pd-spu findPage, supplier from pd-supplier findPage1 (the spec's picker page)
    expect(ui(skuScreen)).toEqual({ source: 'pd-supplier#findPage1', valueField: 'id', labelField: 'supplierName', codeField: 'supplierNo' });
    expect(files(() => {})).toEqual([]);
    const at = 'schemas/screens/pd-sku.json#/forms/add/uiSchema/supplierId/ui:options';
    expect(files((s) => (ui(s).source = 'pd-supplier#findPage9'))).toEqual([`${at}/source no route "pd-supplier#findPage9" in resource "pd-supplier"`]);
    expect(files((s) => (ui(s).source = 'pd-supplier#get'))).toEqual([`${at}/source route "pd-supplier#get" is a get; a select's rows come from a page, list, pulldown route`]);
    expect(files((s) => (ui(s).labelField = 'name'))).toEqual([`${at}/labelField field "name" is not in resource "pd-supplier"`]);
    expect(files((s) => (ui(s).valueField = 'supplierNo'))).toEqual([`${at}/valueField "supplierNo" is string but the form field is integer`]);
    // a list with declared fields answers only those
    expect(files((s) => Object.assign(s.forms.add.uiSchema, { spuId: { 'ui:widget': 'refSelect', 'ui:options': { source: 'shop-base#list', valueField: 'shopId', labelField: 'phone' } } }))).toEqual([
      'schemas/screens/pd-sku.json#/forms/add/uiSchema/spuId/ui:options/labelField route "shop-base#list" answers only shopId, shopCode, shopName, regionName, status, not "phone"',
    ]);
    // the meta-schema asks for the options a refSelect needs
    expect(files((s) => delete ui(s).valueField)).toEqual([`${at}/valueField required property missing`]);
    expect(files((s) => delete s.forms.add.uiSchema.supplierId['ui:options'])).toEqual(['schemas/screens/pd-sku.json#/forms/add/uiSchema/supplierId/ui:options required property missing']);
  });

  it('refuses a link to a path no screen, page form or menu shows, and a page form without its menu path', () => {
    // shop-base's shop code links to its detail page form's route
    expect(shopScreen.columns[0].link.to).toBe('/shopManage/shopBaseDetail');
    expect(shopScreen.forms.detail).toMatchObject({ mode: 'page', route: '/shopManage/shopBaseDetail' });
    expect(check({})).toEqual([]);
    expect(check({ screen: (s) => (s.columns[0].link.to = '/shopManage/shopInfo') })).toEqual(['schemas/screens/shop-base.json#/columns/0/link/to no screen, page form or menu shows /shopManage/shopInfo']);
    expect(check({ screen: (s) => s.rowActions.push({ id: 'go', label: 'engine.actions.detail', kind: 'link', to: '/nowhere' }) })).toEqual([
      'schemas/screens/shop-base.json#/rowActions/6/to no screen, page form or menu shows /nowhere',
    ]);
    expect(check({ screen: (s) => (s.forms.detail.mode = 'dialog') })).toEqual([
      'schemas/screens/shop-base.json#/forms/detail/route only a page form ("mode": "page" or "document") has a route',
    ]);
    expect(check({ screen: (s) => delete s.forms.detail.route })).toEqual([
      'schemas/screens/shop-base.json#/columns/0/link/to no screen, page form or menu shows /shopManage/shopBaseDetail',
      'schemas/screens/shop-base.json#/forms/detail/route a page form names the menu path it opens at ("route")',
    ]);
    // with the menu's paths known, a menu path is a fine target and a page form's route must be one of them
    const { set } = loadDescriptors([
      { file: 'schemas/resources/shop-base.json', content: shopResource },
      { file: 'schemas/resources/shop-region.json', content: regionResource },
      { file: 'schemas/screens/shop-base.json', content: { ...shopScreen, columns: [{ ...shopScreen.columns[0], link: { to: '/home/index' } }, ...shopScreen.columns.slice(1)] } },
    ]);
    expect(checkDescriptors(set, { i18n, menuPaths: new Set(['/home/index', '/shopManage/shopBase', '/shopManage/shopBaseDetail']) }).map(formatError)).toEqual([]);
    expect(checkDescriptors(set, { i18n, menuPaths: new Set(['/home/index', '/shopManage/shopBase']) }).map(formatError)).toEqual([
      'schemas/screens/shop-base.json#/forms/detail/route no menu node has the path /shopManage/shopBaseDetail (add a hidden one, so the page can be granted)',
    ]);
    // a screen no menu node shows could never be granted, so never opened
    expect(checkDescriptors(set, { i18n, menuPaths: new Set(['/home/index', '/shopManage/shopBaseDetail']) }).map(formatError)).toEqual([
      'schemas/screens/shop-base.json#/route no menu node has the path /shopManage/shopBase (add its page node to a menus/*.json)',
    ]);
  });
});

describe('document page forms', () => {
  const read = (f: string) => JSON.parse(readFileSync(path.join(ROOT, f), 'utf8'));
  const head = read('schemas/resources/wh-other-stock-in.json');
  const lines = read('schemas/resources/wh-other-stock-in-det.json');
  const wh = read('schemas/resources/wh-base-info.json');
  const screen = read('schemas/screens/wh-other-stock-in.json');
  function checkDoc(change: { resource?: (r: any) => void; screen?: (s: any) => void }) {
    const r = structuredClone(head);
    const s = structuredClone(screen);
    change.resource?.(r);
    change.screen?.(s);
    const files: DescriptorFile[] = [
      { file: 'schemas/resources/wh-other-stock-in.json', content: JSON.stringify(r) },
      { file: 'schemas/resources/wh-other-stock-in-det.json', content: JSON.stringify(lines) },
      { file: 'schemas/resources/wh-base-info.json', content: JSON.stringify(wh) },
      { file: 'schemas/screens/wh-other-stock-in.json', content: s },
    ];
    const { set, errors } = loadDescriptors(files);
    return [...errors, ...checkDescriptors(set, { i18n })].map(formatError);
  }
  const P = 'schemas/screens/wh-other-stock-in.json#/forms/doc';

  it('accepts the 其他入库 page and refuses grids naming what the lines do not have', () => {
    expect(checkDoc({})).toEqual([]);
    expect(checkDoc({ screen: (s) => (s.forms.doc.lines.columns[0].field = 'nope') })).toContain(`${P}/lines/columns/0/field field "nope" is not in lines resource "wh-other-stock-in-det"`);
    const amount = (screen.forms.doc.lines.columns as { field: string }[]).findIndex((c) => c.field === 'amount');
    expect(checkDoc({ screen: (s) => (s.forms.doc.lines.columns[amount].editable = true) })).toContain(`${P}/lines/columns/${amount}/editable field "amount" of "wh-other-stock-in-det" is read-only; it cannot be an input`);
    expect(checkDoc({ screen: (s) => (s.forms.doc.lines.amount.price = 'remark2') })).toContain(`${P}/lines/amount/price "remark2" is not an editable column of the grid`);
    expect(checkDoc({ screen: (s) => delete s.forms.doc.lines })).toContain(`${P}/lines a document form declares its lines grid ("lines": {"columns": [...]})`);
  });

  it('checks showWhen: it hides a field or a line column of the form, decided by a field of the form', () => {
    const fields = () => screen.forms.doc.fields as string[];
    expect(checkDoc({ screen: (s) => (s.forms.doc.showWhen = { remark: { field: fields()[0], in: [1] } }) }).filter((e) => e.includes('showWhen'))).toEqual([]);
    expect(checkDoc({ screen: (s) => (s.forms.doc.showWhen = { nope: { field: fields()[0], in: [1] } }) })).toContain(`${P}/showWhen/nope "nope" is neither a field of the form nor a column of its lines grid`);
    expect(checkDoc({ screen: (s) => (s.forms.doc.showWhen = { [fields()[0]]: { field: 'nope', in: [1] } }) })).toContain(`${P}/showWhen/${fields()[0]}/field "nope" is not a field of the form (the one that decides must be on it)`);
  });

  it('needs the routes the page calls: docGet, docCreate and the SKU search', () => {
    const without = (action: string) => (r: any) => (r.routes = r.routes.filter((x: any) => x.action !== action));
    expect(checkDoc({ resource: without('docSkuOptions') })).toContain(`${P}/lines resource "wh-other-stock-in" has no docSkuOptions route: the grid adds SKUs through it (GET sku-options)`);
    expect(checkDoc({ resource: without('docGet') })).toContain(`${P}/mode resource "wh-other-stock-in" has no docGet route for the document page to load`);
  });

  it('a bulk action may call a docBatchAction or docBatchDelete route', () => {
    expect(checkDoc({ screen: (s) => (s.bulkActions[0].endpoint = 'confirm') })).toContain(
      'schemas/screens/wh-other-stock-in.json#/bulkActions/0/endpoint a bulk action needs a batchDelete, batchSetField, docBatchDelete or docBatchAction route (it sends the selected ids), "confirm" is a docAction',
    );
  });

  it('checks computed reports, refSelect filters and the detail view\'s sections and related lists', () => {
    const all = loadDescriptorDirs([path.join(ROOT, 'schemas')], { i18nDir: path.join(ROOT, 'core/descriptors/i18n') }).set;
    const run = (name: { resource?: string; screen?: string }, change: (d: any) => void): string[] => {
      const list: DescriptorFile[] = [...all.resources.values()].map((r) => ({ file: `schemas/resources/${r.name}.json`, content: r.name === name.resource ? structuredClone(r) : r }));
      list.push(...[...all.screens.values()].map((s) => ({ file: `schemas/screens/${s.name}.json`, content: s.name === name.screen ? structuredClone(s) : s })));
      const target = list.find((f) => f.file.endsWith(`/${name.resource ?? name.screen}.json`) && f.file.includes(name.resource ? '/resources/' : '/screens/'))!;
      change(target.content);
      const { set, errors } = loadDescriptors(list);
      return [...errors, ...checkDescriptors(set, { i18n })].map(formatError);
    };
    // a computed report has no table and only custom routes
    expect(run({ resource: 'report-stock-pin' }, () => {}).filter((e) => e.includes('report-'))).toEqual([]);
    expect(run({ resource: 'report-stock-pin' }, (r) => r.routes.push({ method: 'GET', path: 'get/{rowKey}', action: 'get', perm: 'report:stockPin:list' }))).toContain(
      'schemas/resources/report-stock-pin.json#/routes/2/action resource "report-stock-pin" is computed (no table): its routes are custom routes of its domain');
    expect(run({ resource: 'report-stock-pin' }, (r) => delete r.routes[0].answers)).toContain(
      'schemas/screens/report-stock-pin.json#/endpoint route "list/page" is a custom, expected page');
    expect(run({ screen: 'report-stock-pin' }, (s) => (s.export.browser = true))).toContain(
      'schemas/screens/report-stock-pin.json#/export/browser resource "report-stock-pin" is computed: the browser export pages by keys a report does not answer (use its server export)');
    // a refSelect filter names rows that carry its fields
    expect(run({ screen: 'report-stock-pin' }, (s) => delete s.filters[2].source)).toContain('schemas/screens/report-stock-pin.json#/filters/2/source a refSelect filter names the rows it offers ("source")');
    expect(run({ screen: 'report-stock-pin' }, (s) => (s.filters[2].source.labelField = 'shopTitle'))).toContain(
      'schemas/screens/report-stock-pin.json#/filters/2/source/labelField field "shopTitle" is not in resource "shop-base"');
    // sections take the form's fields; a related list names a page route, its parameters and its columns
    expect(run({ screen: 'pd-supplier' }, (s) => s.forms.detail.sections[0].fields.push('bankCode'))).toContain(
      'schemas/screens/pd-supplier.json#/forms/detail/sections/0/fields/6 field "bankCode" is not on this form');
    expect(run({ screen: 'pd-supplier' }, (s) => (s.forms.detail.related[0].params = { supplier: 'id' }))).toContain(
      'schemas/screens/pd-supplier.json#/forms/detail/related/0/params/supplier route "wh-purchase#findPage" has no path parameter or filter "supplier"');
    expect(run({ screen: 'pd-supplier' }, (s) => (s.forms.detail.related[0].source = 'wh-purchase#export'))).toContain(
      'schemas/screens/pd-supplier.json#/forms/detail/related/0/source route "wh-purchase#export" is a export, expected page or list');
  });

  it('checks a report screen: its period, summary, charts, drill-downs and each tab as the list it renders', () => {
    const all = loadDescriptorDirs([path.join(ROOT, 'schemas')], { i18nDir: path.join(ROOT, 'core/descriptors/i18n') }).set;
    const run = (screen: string, change: (d: any) => void): string[] => {
      const list: DescriptorFile[] = [...all.resources.values()].map((r) => ({ file: `schemas/resources/${r.name}.json`, content: r }));
      list.push(...[...all.screens.values()].map((s) => ({ file: `schemas/screens/${s.name}.json`, content: s.name === screen ? structuredClone(s) : s })));
      change(list.find((f) => f.file === `schemas/screens/${screen}.json`)!.content);
      const { set, errors } = loadDescriptors(list);
      return [...errors, ...checkDescriptors(set, { i18n })].map(formatError);
    };
    const F = 'schemas/screens/stat-shop-sale.json#';
    expect(run('stat-shop-sale', () => {}).filter((e) => e.includes('stat-'))).toEqual([]);
    // the meta-schema: an unknown key in the report block, a chart type it does not know
    expect(run('stat-shop-sale', (s) => (s.report.perod = { filter: 'period' }))).toContain(`${F}/report/perod unknown property`);
    expect(run('stat-shop-sale', (s) => (s.report.tabs[0].charts[0].type = 'pie'))[0]).toMatch(/^schemas\/screens\/stat-shop-sale\.json#\/report\/tabs\/0\/charts\/0\/type must be one of/);
    // the period is a date-range filter of the screen
    expect(run('stat-shop-sale', (s) => (s.report.period.filter = 'shopId'))).toContain(`${F}/report/period/filter filter "shopId" is no date range: a report's period is one`);
    expect(run('stat-shop-sale', (s) => (s.report.period.filter = 'day'))).toContain(`${F}/report/period/filter the screen has no filter "day"`);
    // a tab is checked as a list: its columns, its summary's fields and labels, its charts' fields, its export route
    expect(run('stat-shop-sale', (s) => (s.report.tabs[0].columns[0].field = 'shopKode'))).toContain(`${F}/report/tabs/0/columns/0/field field "shopKode" is not in resource "stat-shop-sale"`);
    expect(run('stat-shop-sale', (s) => (s.report.tabs[0].summary.fields[0].field = 'sales'))).toContain(`${F}/report/tabs/0/summary/fields/0/field field "sales" is not in resource "stat-shop-sale"`);
    expect(run('stat-shop-sale', (s) => (s.report.tabs[0].summary.fields[0].label = 'statReport.col.sales'))).toContain(`${F}/report/tabs/0/summary/fields/0/label i18n key "statReport.col.sales" is missing in en`);
    expect(run('stat-shop-sale', (s) => (s.report.tabs[0].charts[0].x = 'shop'))).toContain(`${F}/report/tabs/0/charts/0/x field "shop" is not in resource "stat-shop-sale"`);
    expect(run('stat-shop-sale', (s) => (s.report.tabs[1].endpoint = 'order/page'))).toContain(`${F}/report/tabs/1/endpoint no route "order/page" in resource "stat-shop-sale"`);
    expect(run('stat-shop-sale', (s) => (s.report.tabs[2].key = 'shop'))).toContain(`${F}/report/tabs/2/key duplicate tab key "shop"`);
    // a drill-down opens a page of rows, given fields the row has
    expect(run('stat-shop-sale', (s) => (s.report.tabs[0].columns[4].drill.endpoint = 'export'))).toContain(`${F}/report/tabs/0/columns/4/drill/endpoint route "export" answers no page (a page route, or a custom one with "answers": "page")`);
    expect(run('stat-shop-sale', (s) => (s.report.tabs[0].columns[4].drill.params = { shopId: 'shop' }))).toContain(`${F}/report/tabs/0/columns/4/drill/params/shopId field "shop" is not in resource "stat-shop-sale"`);
    // a summary or chart of the whole report goes in each tab when there are tabs
    expect(run('stat-shop-sale', (s) => (s.report.summary = { fields: [{ field: 'saleAmount', label: 'statReport.col.saleAmount' }] }))).toContain(`${F}/report/tabs a report with tabs declares its summary and charts in each tab`);
    expect(run('stat-order-sales', (s) => (s.report.charts[0].format = 'yuan'))[0]).toMatch(/^schemas\/screens\/stat-order-sales\.json#\/report\/charts\/0\/format must be one of/);
  });
});
