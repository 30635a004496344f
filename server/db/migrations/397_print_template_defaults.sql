-- Default print templates (issue 31): every printable document, the register's ticket and the payment slip print on a
-- template the 打印模板 list shows and the designer opens, before anyone designs one. The product's defaults are kept
-- here (product data, no tenant: rewritten at a start whose defaults changed, server/printTemplates/defaults.ts); a
-- tenant's copies are print_template rows marked is_default, which a later product default replaces until someone
-- saves the template in the designer (then it is the tenant's own and is_default turns false). A new tenant gets
-- copies when its sys_tenant row is inserted (trigger sys_tenant_print_templates).
CREATE TABLE print_template_default (
  business_type varchar(32) PRIMARY KEY,
  name          varchar(48) NOT NULL,
  template      jsonb NOT NULL
);

ALTER TABLE print_template ADD COLUMN is_default boolean NOT NULL DEFAULT false;

-- Now in server/db/definitions/: sys_tenant_print_templates (the function and its trigger on sys_tenant).
