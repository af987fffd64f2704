/**
 * The server for the request benchmark, run in its own process so that its work does not
 * count against the clients: node:http on 127.0.0.1, a free port, keep-alive, bodies
 * serialised once. It prints `{"port":…}` when ready and exits when its parent closes stdin.
 */
import { createServer } from 'node:http';
import { stationPage } from '../lib/station-page.js';

export const USER = {
  id: 'usr_8f3a2c',
  email: 'driver@example.com',
  locale: 'en',
  custom_properties: { external_id: 'crm-42' },
};

const user = Buffer.from(JSON.stringify(USER));
const page = Buffer.from(JSON.stringify(stationPage()));
const notFound = Buffer.from(JSON.stringify({ detail: 'Not found.' }));

const server = createServer((request, response) => {
  const path = (request.url ?? '').split('?')[0]!;
  const body = path.startsWith('/api/v1/users/')
    ? user
    : path === '/api/v1/stations/around/'
      ? page
      : notFound;
  response.writeHead(body === notFound ? 404 : 200, {
    'content-type': 'application/json',
    'content-length': body.length,
  });
  response.end(body);
});
server.keepAliveTimeout = 30_000;

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
});

// Stop with the parent, whatever way it ends.
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
process.stdin.on('close', () => process.exit(0));
