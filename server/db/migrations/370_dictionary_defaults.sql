-- The data dictionaries the product ships (schemas/dictionaries/*.json and those of EXTRA_SCHEMA_DIRS), copied here at
-- every start whose files changed (server/db/seed/dictionaries.ts). A new tenant gets them when its sys_tenant row is
-- inserted (trigger sys_tenant_dictionaries), whoever inserts it. Product data, the same for every tenant: no tenant_id.
CREATE TABLE sys_dictionary_default (
  code  varchar(48) NOT NULL,
  value varchar(48) NOT NULL,
  label varchar(48) NOT NULL,
  sort  integer NOT NULL,
  PRIMARY KEY (code, value)
);
