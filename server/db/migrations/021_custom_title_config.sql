-- 设置显示字段: each user's chosen, ordered columns of a table (title = the table's name).
CREATE TABLE sys_custom_title_config (
  tenant_id    integer NOT NULL REFERENCES sys_tenant(id),
  user_id      integer NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
  title        varchar(64) NOT NULL,
  file_configs jsonb NOT NULL,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id, title)
);

SELECT enable_tenancy('sys_custom_title_config');
