import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.ts';
import { envelopeSchema, ok } from '../http/envelope.ts';
import { idField } from '../http/fields.ts';
import { jobById, jobViewSchema } from './jobs.ts';

/**
 * bg-job/info/{jobId}: how far a background job is (the progress bar of 计算/刷新 reads it every second). Any
 * logged-in user of the tenant may read a job's progress; row-level security keeps other tenants' jobs out.
 */
export const jobRoutes = async (app: FastifyInstance) => {
  app.get<{ Params: { jobId: number } }>(
    '/bg-job/info/:jobId',
    {
      config: { anyUser: true },
      schema: {
        tags: ['system'],
        summary: '后台任务进度',
        params: { type: 'object', required: ['jobId'], properties: { jobId: idField('任务ID') } },
        response: { 200: envelopeSchema(jobViewSchema) },
      },
    },
    async (req) => {
      const job = await req.tenantTx((tx) => jobById(tx, req.params.jobId));
      if (!job) throw new ApiError('NOT_FOUND', '任务不存在');
      return ok(job);
    },
  );
};
