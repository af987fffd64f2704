// The consumer of bench/typecheck/connect-consumer.ts, written for openapi-fetch with
// openapi-typescript's types: every operation once, the same fields read.
import createClient from 'openapi-fetch';
import type { paths } from '../.work/openapi-typescript/connect-api.js';

type Client = ReturnType<typeof createClient<paths>>;

function must<T>(result: { data?: T; error?: unknown }): T {
  if (result.data === undefined) throw new Error(JSON.stringify(result.error));
  return result.data;
}

export async function everyOperation(client: Client, user_id: string): Promise<string[]> {
  const out: string[] = [];
  out.push(...must(await client.GET('/api/v1/stations/data/')).map((f) => f.link));
  out.push(
    ...must(
      await client.GET('/api/v1/stations/around/', {
        params: { query: { latitude: 52.52, longitude: 13.405, distance: 2000 } },
      }),
    ).results.map((s) => s.name),
  );
  out.push(
    String(
      must(
        await client.GET('/api/v1/stations/tile/', {
          params: { query: { x: [8800], y: [5373], z: 14 } },
        }),
      ).features.length,
    ),
  );
  out.push(...must(await client.GET('/api/v1/stations/partners/')).map((p) => p.name));
  out.push(
    must(
      await client.GET('/api/v1/stations/details/', {
        params: { query: { id: 'DE*CNX*E00001*1', type: 'evse_id' } },
      }),
    ).address,
  );
  out.push(
    must(
      await client.POST('/api/v1/users/', {
        body: { email: 'driver@example.com', custom_properties: { external_id: 'crm-42' } },
      }),
    ).id,
  );
  out.push(
    ...must(
      await client.GET('/api/v1/users/', { params: { query: { search: 'crm-42' } } }),
    ).results.map((u) => u.id),
  );
  out.push(
    must(await client.GET('/api/v1/users/{user_id}/', { params: { path: { user_id } } })).id,
  );
  out.push(
    must(
      await client.PATCH('/api/v1/users/{user_id}/', {
        params: { path: { user_id } },
        body: { locale: 'de' },
      }),
    ).id,
  );
  await client.DELETE('/api/v1/users/{user_id}/', { params: { path: { user_id } } });
  out.push(
    must(
      await client.GET('/api/v1/users/{user_id}/billing-details/', {
        params: { path: { user_id } },
      }),
    ).line1,
  );
  out.push(
    must(
      await client.PUT('/api/v1/users/{user_id}/billing-details/', {
        params: { path: { user_id } },
        body: { line1: 'Main St 1', postal_code: '10115' },
      }),
    ).postal_code,
  );
  out.push(
    must(
      await client.GET('/api/v1/users/{user_id}/setup-intents/', {
        params: { path: { user_id }, query: { pm_type: 'card' } },
      }),
    ).setup_intent_client_secret,
  );
  out.push(
    ...must(
      await client.GET('/api/v1/users/{user_id}/payment-methods/', {
        params: { path: { user_id } },
      }),
    ).results.map((m) => m.id),
  );
  await client.POST('/api/v1/users/{user_id}/payment-methods/{pm}/default/', {
    params: { path: { user_id, pm: 'pm_1' } },
  });
  await client.DELETE('/api/v1/users/{user_id}/payment-methods/{pm}/', {
    params: { path: { user_id, pm: 'pm_1' } },
  });
  const session = must(
    await client.POST('/api/v1/users/{user_id}/charging/start/', {
      params: { path: { user_id } },
      body: { evse_id: 'DE*CNX*E00001*1', payment_method_id: 'pm_1' },
    }),
  );
  await client.POST('/api/v1/users/{user_id}/charging/stop/{session_id}/', {
    params: { path: { user_id, session_id: session.id } },
  });
  out.push(
    ...must(
      await client.GET('/api/v1/users/{user_id}/charging-sessions/', {
        params: { path: { user_id } },
      }),
    ).results.map((s) => s.id),
  );
  out.push(
    must(
      await client.GET('/api/v1/users/{user_id}/charging-sessions/{session_id}/', {
        params: { path: { user_id, session_id: session.id } },
      }),
    ).id,
  );
  out.push(
    must(
      await client.PATCH('/api/v1/users/{user_id}/charging-sessions/{session_id}/', {
        params: { path: { user_id, session_id: session.id } },
        body: { rates: 5 },
      }),
    ).id,
  );
  out.push(
    ...must(
      await client.GET('/api/v1/users/{user_id}/charging/debts/', {
        params: { path: { user_id } },
      }),
    ).results.map((d) => d.session_id),
  );
  out.push(
    ...must(
      await client.GET('/api/v1/users/{user_id}/invoices/', { params: { path: { user_id } } }),
    ).results.map((i) => i.link),
  );
  return out;
}
