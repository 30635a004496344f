import { Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { call } from '../../src/api/http';
import { i18n } from '../../src/i18n/i18n';

/** A background job as the server answers it (server/jobs/jobs.ts JobView). */
export interface JobView {
  jobId: number;
  title: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  statusName: string;
  progress: number;
  message: string | null;
  error: string | null;
}

/** A call that started (or found running) a background job answers the job: { jobId, status, ... }. */
export const isJobView = (answer: unknown): answer is JobView =>
  typeof answer === 'object' && answer !== null && typeof (answer as JobView).jobId === 'number' && typeof (answer as JobView).status === 'string' && typeof (answer as JobView).progress === 'number';

const body = (job: JobView) => (
  <Stack gap={4} data-testid="job-progress">
    <Text size="sm">{job.message ?? job.statusName}</Text>
    <Progress value={job.status === 'done' ? 100 : job.progress} animated={job.status !== 'done'} aria-label={job.title} />
  </Stack>
);

/**
 * Shows a job's progress in a notification until it ends (read every second), then says how it ended. Resolves
 * with the finished job; a page that shows the job's figures refreshes then. Leaving the page does not stop the
 * job: it runs on the server.
 */
export async function followJob(job: JobView, intervalMs = 1000): Promise<JobView> {
  const id = `job-${job.jobId}`;
  notifications.show({ id, title: job.title, message: body(job), loading: true, autoClose: false, withCloseButton: true });
  let current = job;
  while (current.status === 'queued' || current.status === 'running') {
    await new Promise((res) => setTimeout(res, intervalMs));
    try {
      current = await call<JobView>({ method: 'GET', url: `/wxy-system-server/bg-job/info/${job.jobId}`, silent: true });
    } catch {
      continue; // a dropped network: keep asking, the job goes on on the server
    }
    notifications.update({ id, title: current.title, message: body(current), loading: current.status === 'queued' || current.status === 'running', autoClose: false });
  }
  notifications.update({
    id,
    title: current.title,
    color: current.status === 'done' ? 'green' : 'red',
    message: current.status === 'done' ? i18n.t('engine.job.done') : current.error ?? i18n.t('engine.job.failed'),
    loading: false,
    autoClose: current.status === 'done' ? 4000 : false,
  });
  return current;
}
