-- 视频培训 lists served by the schema engine (schemas/resources/video-material.json, sys-video-task.json,
-- video-material-group.json): one row per course / task / group with the names and counts the lists show.
-- security_invoker: the caller's row-level security applies (only the tenant's rows); video-material and
-- video-material-group add the caller's own access through their rowScope (server/domains/training/grants.ts).

-- Now in server/db/definitions/: video_material_list, sys_video_task_list, video_material_group_list.

