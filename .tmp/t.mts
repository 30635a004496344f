import { openApiDocument } from '../scripts/apiContract.ts';
const d:any = await openApiDocument();
console.log(JSON.stringify(d.components?.schemas ? Object.keys(d.components.schemas) : null));
console.log(JSON.stringify(d.paths['/api/wxy-system-server/sys-department/tree'].get.responses).slice(0,800));
