import type { Queryable } from '../../db/index.ts';
import type { AuthContext } from '../../context.ts';

/**
 * Which video groups a person may see: admin every group, anyone else the groups related to one of their roles
 * (video_material_group_role). Returned as a SQL condition on a group id column with its one parameter, so every
 * list and play call filters the same way on the server.
 */
export function grantedGroupSql(auth: AuthContext, groupColumn: string, param: number): { sql: string; value: number | null } {
  // Admin: the parameter is still referenced (a placeholder nobody mentions has no type), and is null.
  if (auth.isAdmin) return { sql: `$${param}::int IS NULL`, value: null };
  return {
    sql: `EXISTS (SELECT 1 FROM video_material_group_role gr JOIN sys_user_role ur ON ur.role_id = gr.role_id AND ur.tenant_id = gr.tenant_id
                   WHERE gr.group_id = ${groupColumn} AND ur.user_id = $${param})`,
    value: auth.userId,
  };
}

export async function mayWatchMaterial(tx: Queryable, auth: AuthContext, materialId: number): Promise<boolean> {
  const g = grantedGroupSql(auth, 'm.group_id', 2);
  const r = await tx.query(
    `SELECT 1 FROM video_material m WHERE m.material_id = $1 AND (${g.sql}
        OR EXISTS (SELECT 1 FROM sys_video_task_user_det d WHERE d.material_id = m.material_id AND d.user_id = $3))`,
    [materialId, g.value, auth.userId],
  );
  return r.rows.length > 0;
}
