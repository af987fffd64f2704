// The consumer of bench/typecheck/connect-consumer.ts, written for the hey-api SDK: every
// operation once, the same fields read, errors thrown as in our client.
import type { Client } from '../.work/hey-api/client/index.js';
import * as sdk from '../.work/hey-api/sdk.gen.js';

export async function everyOperation(client: Client, user_id: string): Promise<string[]> {
  const out: string[] = [];
  const t = { client, throwOnError: true } as const;
  out.push(...(await sdk.stationsDataFiles(t)).data.map((f) => f.link));
  out.push(
    ...(
      await sdk.stationsAround({
        ...t,
        query: { latitude: 52.52, longitude: 13.405, distance: 2000 },
      })
    ).data.results.map((s) => s.name),
  );
  out.push(
    String(
      (await sdk.stationsTile({ ...t, query: { x: [8800], y: [5373], z: 14 } })).data.features
        .length,
    ),
  );
  out.push(...(await sdk.stationsPartners(t)).data.map((p) => p.name));
  out.push(
    (await sdk.stationsDetails({ ...t, query: { id: 'DE*CNX*E00001*1', type: 'evse_id' } })).data
      .address,
  );
  out.push(
    (
      await sdk.usersCreate({
        ...t,
        body: { email: 'driver@example.com', custom_properties: { external_id: 'crm-42' } },
      })
    ).data.id,
  );
  out.push(
    ...(await sdk.usersList({ ...t, query: { search: 'crm-42' } })).data.results.map((u) => u.id),
  );
  out.push((await sdk.usersRetrieve({ ...t, path: { user_id } })).data.id);
  out.push((await sdk.usersUpdate({ ...t, path: { user_id }, body: { locale: 'de' } })).data.id);
  await sdk.usersDelete({ ...t, path: { user_id } });
  out.push((await sdk.usersBillingDetailsRetrieve({ ...t, path: { user_id } })).data.line1);
  out.push(
    (
      await sdk.usersBillingDetailsUpdate({
        ...t,
        path: { user_id },
        body: { line1: 'Main St 1', postal_code: '10115' },
      })
    ).data.postal_code,
  );
  out.push(
    (await sdk.usersSetupIntentsCreate({ ...t, path: { user_id }, query: { pm_type: 'card' } }))
      .data.setup_intent_client_secret,
  );
  out.push(
    ...(await sdk.usersPaymentMethodsList({ ...t, path: { user_id } })).data.results.map(
      (m) => m.id,
    ),
  );
  await sdk.usersPaymentMethodsSetDefault({ ...t, path: { user_id, pm: 'pm_1' } });
  await sdk.usersPaymentMethodsDelete({ ...t, path: { user_id, pm: 'pm_1' } });
  const session = (
    await sdk.usersChargingStart({
      ...t,
      path: { user_id },
      body: { evse_id: 'DE*CNX*E00001*1', payment_method_id: 'pm_1' },
    })
  ).data;
  await sdk.usersChargingStop({ ...t, path: { user_id, session_id: session.id } });
  out.push(
    ...(await sdk.usersChargingSessionsList({ ...t, path: { user_id } })).data.results.map(
      (s) => s.id,
    ),
  );
  out.push(
    (await sdk.usersChargingSessionsRetrieve({ ...t, path: { user_id, session_id: session.id } }))
      .data.id,
  );
  out.push(
    (
      await sdk.usersChargingSessionsRate({
        ...t,
        path: { user_id, session_id: session.id },
        body: { rates: 5 },
      })
    ).data.id,
  );
  out.push(
    ...(await sdk.usersDebtsList({ ...t, path: { user_id } })).data.results.map(
      (d) => d.session_id,
    ),
  );
  out.push(
    ...(await sdk.usersInvoicesList({ ...t, path: { user_id } })).data.results.map((i) => i.link),
  );
  return out;
}
