// Webhooks as an emulator module: the hook tables and endpoints, the delivery
// worker (stopped when the server closes) and the event-bus subscription.
import type { EmulatorModule } from '../../server';
import { deliveryOptions } from './delivery-options';
import { HookDispatcher } from './dispatch';
import { DeliveryQueue, deliveryMigrations } from './queue';
import { registerHookRoutes } from './routes';
import { hookMigrations } from './store';

export const hooksModule: EmulatorModule = {
  name: 'hosting-hooks',
  migrations: [...deliveryMigrations, ...hookMigrations],
  register(app, ctx) {
    const queue = new DeliveryQueue(ctx.db, deliveryOptions(ctx.options), ctx.log);
    const dispatcher = new HookDispatcher(ctx, queue);
    registerHookRoutes(app, ctx, queue, dispatcher);
    const unsubscribe = ctx.events.onEvent((e) => dispatcher.onEvent(e));
    queue.start();
    ctx.onClose(async () => {
      unsubscribe();
      await queue.stop();
    });
  },
};
