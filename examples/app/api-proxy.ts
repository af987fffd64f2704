/**
 * The app's backend route for `/api/connect/*`: the README's `apiProxy` ("Browsers"), word for
 * word (test/package/app-example.test.ts holds them equal), so the code the README teaches runs
 * in every test of the app. serving.ts points `CONNECT_API_URL` and `CONNECT_API_TOKEN` at the
 * fake it starts.
 */
export async function apiProxy(request: Request): Promise<Response> {
  // Check the user's session (its cookie) here first, and answer 401 without one.
  const api = process.env.CONNECT_API_URL ?? 'https://connect.cariqa.com';
  const url = new URL(request.url);
  const target = `${api}${url.pathname.slice('/api/connect'.length)}${url.search}`;
  const headers = new Headers({
    accept: 'application/json',
    authorization: `Bearer ${process.env.CONNECT_API_TOKEN}`,
  });
  const type = request.headers.get('content-type');
  if (type) headers.set('content-type', type);
  const body =
    request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();
  const answer = await fetch(target, { method: request.method, headers, body, redirect: 'manual' });
  return new Response(answer.body, {
    status: answer.status,
    headers: { 'content-type': answer.headers.get('content-type') ?? 'application/json' },
  });
}
