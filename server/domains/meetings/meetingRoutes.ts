import type { FastifyInstance } from 'fastify';

/** 会议管理 (wxy-shop-server): daily, weekly and shop meetings. */
export const meetingRoutes = async (_app: FastifyInstance) => {};
