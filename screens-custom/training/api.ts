import { downloadFile } from '../../engine/api/calls';
import { call } from '../../src/api/http';
import { TIMEOUT } from '../../src/api/timeouts';

/** Calls of 视频培训 (wxy-system-server): groups, courses, tasks, progress and statistics (server/domains/training). */
const S = '/wxy-system-server';

export interface Page<T> { records: T[]; total: number }
export interface GroupNode {
  groupId: number; parentId: number | null; groupName: string; sort: number; remark: string | null;
  roleIds: number[]; roleNames: string; materialCount: number; children: GroupNode[];
}
export interface Material {
  materialId: number; groupId: number; groupName: string; title: string; description: string | null; durationSeconds: number;
  videoObjectKey: string; videoBucketName: string; coverObjectKey: string | null; coverBucketName: string | null;
  fileName: string | null; fileSize: number | null; assignedCount: number; createUserName: string; createTime: string;
}
export interface VideoTask {
  taskId: number; taskName: string; startTime: string; deadline: string; remark: string | null; courseTitles: string;
  peopleCount: number; assignedCount: number; completedCount: number; overdueCount: number; createUserName: string;
}
export interface Det {
  detId: number; taskId: number; taskName: string; materialId: number; title: string; groupName: string; userName: string;
  shopName: string | null; deptName: string | null; durationSeconds: number; watchedSeconds: number; furthestPosition: number;
  watchedPercent: number; completed: boolean; completedTime: string | null; lastWatchTime: string | null; startTime: string; deadline: string;
  overdue: boolean; auditStatus: 0 | 1 | 2; auditStatusName: string; auditRemark: string | null; auditUserName: string | null; auditTime: string | null;
  /** 我的课程: whether the person may watch it now (server/domains/training/grants.ts). */
  watchable?: boolean;
}
export interface PlayInfo { materialId: number; title: string; description: string | null; groupName: string; durationSeconds: number; url: string; progress: Det | null }
export interface ProgressAnswer { watchedSeconds: number; furthestPosition: number; completed: boolean; watchedPercent: number }
export interface StatFilters { tasks: { taskId: number; taskName: string }[]; shops: { shopId: number; shopName: string }[]; groups: { groupId: number; groupName: string }[] }
export interface UniversityRow { name: string; peopleCount: number; assignedCount: number; completedCount: number; completionRate: number; overdueCount: number }
export interface CourseRow {
  materialId: number; title: string; groupName: string; durationSeconds: number; assignedCount: number; startedCount: number;
  completedCount: number; completionRate: number; avgWatchedPercent: number;
}
type Body = Record<string, unknown>;

export const trainingApi = {
  groups: () => call<GroupNode[]>({ method: 'GET', url: `${S}/video_material_group/tree` }),
  saveMaterial: (b: Body) => call<unknown>({ method: b.materialId ? 'PUT' : 'POST', url: `${S}/video-material/${b.materialId ? 'update' : 'save'}`, data: b }),
  play: (materialId: number) => call<PlayInfo>({ method: 'GET', url: `${S}/video-material/play/${materialId}` }),
  dets: (pageNum: number, pageSize: number, b: Body) =>
    call<Page<Det>>({ method: 'POST', url: `${S}/sys-video-task-user-det/findPage/${pageNum}/${pageSize}`, data: b, timeout: TIMEOUT.videoTaskDetail }),
  audit: (b: { detId: number; auditStatus: 1 | 2; auditRemark: string }) => call<unknown>({ method: 'PUT', url: `${S}/sys-video-task-user-det/audit`, data: b }),
  my: () => call<Det[]>({ method: 'GET', url: `${S}/sys-video-task-user-det/my` }),
  /** Silent: a report that fails (network) is retried with the next one; the player keeps playing. */
  progress: (b: { detId: number; position: number; playedSeconds: number }) =>
    call<ProgressAnswer>({ method: 'POST', url: `${S}/sys-video-task-user-det/progress`, data: b, silent: true }),
  statFilters: (kind: 'university' | 'course') => call<StatFilters>({ method: 'GET', url: `${S}/sys-video-task/${kind}-statistics/filters` }),
  university: (b: Body) => call<UniversityRow[]>({ method: 'POST', url: `${S}/sys-video-task/university-statistics`, data: b, timeout: TIMEOUT.largeReport }),
  course: (b: Body) => call<CourseRow[]>({ method: 'POST', url: `${S}/sys-video-task/course-statistics`, data: b, timeout: TIMEOUT.largeReport }),
};

/** Downloads a statistics export (xlsx) under the server's file name. */
export const exportStatistics = (kind: 'university' | 'course', b: Body) =>
  downloadFile({ method: 'POST', path: `${S}/sys-video-task/${kind}-statistics/export` }, b, `${kind === 'university' ? '大学统计' : '课程统计'}.xlsx`);

export const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;
