/** Every operation the fake implements, by operationId; the type makes the table complete. */
import { chargingHandlers } from './charging-handlers.js';
import type { Handler } from './handler.js';
import type { FakeOperationId } from './operation-ids.js';
import { stationHandlers } from './station-handlers.js';
import { userHandlers } from './user-handlers.js';

export const HANDLERS: Readonly<Record<FakeOperationId, Handler>> = {
  ...stationHandlers,
  ...userHandlers,
  ...chargingHandlers,
};

export function handlerFor(operationId: string): Handler | undefined {
  return Object.prototype.hasOwnProperty.call(HANDLERS, operationId)
    ? HANDLERS[operationId as FakeOperationId]
    : undefined;
}
