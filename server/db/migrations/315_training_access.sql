-- 视频培训 access, one rule for listing, streaming and progress (server/domains/training/grants.ts):
-- * a person sees a video group when one of their roles is related to it or to any group above it (a parent
--   group's roles are inherited by its child groups, however deep);
-- * a person may watch a course when they see its group, or while a learning task assigning that course to them is
--   open (started and its deadline not passed). Admin sees everything (decided by the caller, not here).
-- SECURITY INVOKER (the default): the caller's row-level security applies, so only the tenant's rows count.

-- Now in server/db/definitions/: video_group_granted, video_assignment_open, video_material_watchable.

