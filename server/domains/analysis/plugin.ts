/**
 * The analysis area's plugin. Its reports (铺货分析, 库存动销, 商品卖点, 会员消费, 新品分析) are computed report resources
 * (schemas/resources/report-*.json) whose handlers routes.ts registers as custom routes: importing it is the registration.
 */
import type { AreaRoutes } from '../area.ts';
import './routes.ts';

export const routes: AreaRoutes = async () => {};
