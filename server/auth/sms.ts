import { appendFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';

/** Sends a login code to a phone. Production plugs in a real SMS gateway; the default writes to the log. */
export interface SmsSender {
  sendLoginCode(phone: string, code: string, tenantId: number): Promise<void>;
}

export const logSmsSender = (log: FastifyBaseLogger): SmsSender => ({
  async sendLoginCode(phone, code, tenantId) {
    log.info({ sms: { phone, tenantId, code } }, `SMS login code for ${phone}: ${code}`);
  },
});

/** Appends each code as a JSON line to a file: an outbox for machines without a gateway (and for end-to-end tests). */
export const outboxSmsSender = (file: string): SmsSender => ({
  async sendLoginCode(phone, code, tenantId) {
    await appendFile(file, `${JSON.stringify({ phone, tenantId, code, sentAt: new Date().toISOString() })}\n`);
  },
});
