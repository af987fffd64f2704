/** The user operations: create, list, retrieve, update, soft delete, and billing details. */
import { errorDetailFailure } from './errors.js';
import { pathParameter, type Handler, type HandlerContext } from './handler.js';
import type { FakeOperationId } from './operation-ids.js';
import { paginate } from './pagination.js';
import { queryText } from './params.js';
import { userJson } from './users-store.js';

const userId = (context: HandlerContext) => pathParameter(context, 'user_id');

function remove(context: HandlerContext): unknown {
  const { charging, users } = context.state;
  const user = users.get(userId(context));
  if (charging.active(user.id))
    throw errorDetailFailure(
      400,
      'validation_error',
      'The user has an active charging session; stop it first.',
    );
  if (charging.debts(user.id).length > 0)
    throw errorDetailFailure(402, 'payment_error', 'The user has unpaid debts.');
  users.softDelete(user.id);
  return undefined;
}

export const userHandlers = {
  usersCreate: ({ state, body }) => userJson(state.users.create(body)),
  usersList: ({ state, query, url }) => {
    const page = paginate(state.users.list(queryText(query, 'search')), query, url);
    return { ...page, results: page.results.map(userJson) };
  },
  usersRetrieve: (context) => userJson(context.state.users.get(userId(context))),
  usersUpdate: (context) => userJson(context.state.users.update(userId(context), context.body)),
  usersDelete: remove,
  usersBillingDetailsRetrieve: (context) => context.state.users.getBilling(userId(context)),
  usersBillingDetailsUpdate: (context) =>
    context.state.users.setBilling(userId(context), context.body),
} satisfies Partial<Record<FakeOperationId, Handler>>;
