/** Stands for any module of the shop that emits webhook events: it imports the emitter. */
import { emitWebhookEvent } from '../../../server/modules/webhooks/emit';

export const emitThroughRelay = (...args: Parameters<typeof emitWebhookEvent>) =>
  emitWebhookEvent(...args);
