/**
 * A charging app's screens in Vue 3 on the generated query options, as `examples/app/App.tsx`
 * has them in React: stations around a point with "load more", a new user that the user
 * count follows, and a lookup by id whose options are a `computed` of the id typed in, which
 * starts on an id the API does not know and so shows its typed error. Render functions (`h`),
 * so no SFC compiler is needed; every element the test reads has an id or a `data-` attribute.
 */
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/vue-query';
import { computed, defineComponent, h, inject, ref, type InjectionKey } from 'vue';
import {
  ApiError,
  NotFoundError,
  type ConnectClient,
  type User,
} from '../../../generated/src/index.js';
import {
  stationsAroundInfiniteQueryOptions,
  usersCreateMutationOptions,
  usersListQueryOptions,
  usersRetrieveQueryOptions,
} from '../../../generated/src/query.js';

/** The app's client, provided once by main.ts. */
export const clientKey: InjectionKey<ConnectClient> = Symbol('connect client');

function useClient(): ConnectClient {
  const client = inject(clientKey);
  if (!client) throw new Error('no Connect client provided');
  return client;
}

/** Where the app looks for stations: Berlin Mitte, five to a page. */
const AROUND = { latitude: 52.52, longitude: 13.405, distance: 3000, page_size: 5 };

/** An id the API has no user for: the lookup's first answer is its 404. */
const UNKNOWN_USER = 'no-such-user';

const Stations = defineComponent(() => {
  const stations = useInfiniteQuery(stationsAroundInfiniteQueryOptions(useClient(), AROUND));
  return () => {
    const loaded = stations.data.value?.pages.flatMap((page) => page.results) ?? [];
    return h('section', { id: 'stations', 'data-count': loaded.length }, [
      h('h2', `Stations near Berlin Mitte (${stations.data.value?.pages[0]?.count ?? '…'})`),
      h(
        'ol',
        loaded.map((station, at) => h('li', { key: station.id ?? at }, station.name)),
      ),
      stations.hasNextPage.value &&
        h(
          'button',
          {
            id: 'more',
            disabled: stations.isFetching.value,
            onClick: () => stations.fetchNextPage(),
          },
          'Load more',
        ),
    ]);
  };
});

const NewUser = defineComponent(
  (props: { onCreated: (user: User) => void }) => {
    const client = useClient();
    const users = useQuery(usersListQueryOptions(client));
    const create = useMutation(usersCreateMutationOptions(client));
    const email = ref('');
    const submit = (event: Event) => {
      event.preventDefault();
      create.mutate({ body: { email: email.value } }, { onSuccess: props.onCreated });
    };
    return () =>
      h('section', { id: 'new-user', 'data-users': users.data.value?.count }, [
        h('h2', `New user (${users.data.value?.count ?? '…'} so far)`),
        h('form', { onSubmit: submit }, [
          h('input', {
            name: 'email',
            value: email.value,
            onInput: (e: Event) => (email.value = (e.target as HTMLInputElement).value),
          }),
          h('button', { type: 'submit' }, 'Create'),
        ]),
      ]);
  },
  { props: ['onCreated'] },
);

/**
 * The lookup's options are a `computed` of the id looked up: a new id is a new key, so Vue
 * Query fetches again. It starts on an id the API does not know.
 */
const Lookup = defineComponent(() => {
  const client = useClient();
  const userId = ref(UNKNOWN_USER);
  const draft = ref(UNKNOWN_USER);
  const user = useQuery(computed(() => usersRetrieveQueryOptions(client, userId.value)));
  const submit = (event: Event) => {
    event.preventDefault();
    userId.value = draft.value;
  };
  return () => {
    const error = user.error.value;
    return h(
      'section',
      {
        id: 'lookup',
        'data-email': user.data.value?.email ?? undefined,
        // The operation's own error class: a 404 is a NotFoundError, not just TanStack's `Error`.
        'data-error': error instanceof NotFoundError ? 'not-found' : error?.name,
        'data-status': error instanceof ApiError ? error.status : undefined,
      },
      [
        h('form', { onSubmit: submit }, [
          h('input', {
            name: 'user-id',
            value: draft.value,
            onInput: (e: Event) => (draft.value = (e.target as HTMLInputElement).value),
          }),
          h('button', { type: 'submit' }, 'Look up'),
        ]),
        h('p', { id: 'lookup-result' }, user.data.value?.email ?? error?.message ?? '…'),
      ],
    );
  };
});

export const App = defineComponent(() => {
  const created = ref<User>();
  return () =>
    h('main', [
      h('h1', 'Charging'),
      h(Stations),
      h(NewUser, { onCreated: (user: User) => (created.value = user) }),
      created.value && h('p', { id: 'user' }, created.value.id),
      h(Lookup),
    ]);
});
