/**
 * The standard reason phrases of the 4xx statuses (RFC 9110 and the registrations it
 * points to), which name the error classes generated for statuses a spec declares beyond
 * the runtime's own: 402 Payment Required becomes `PaymentRequiredError`.
 */
export const CLIENT_ERROR_REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  407: 'Proxy Authentication Required',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  417: 'Expectation Failed',
  421: 'Misdirected Request',
  422: 'Unprocessable Content',
  423: 'Locked',
  424: 'Failed Dependency',
  425: 'Too Early',
  426: 'Upgrade Required',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  451: 'Unavailable For Legal Reasons',
};

/** `Payment Required` → `PaymentRequiredError`. */
export function reasonClassName(status: number): string | undefined {
  const reason = CLIENT_ERROR_REASONS[status];
  return reason === undefined
    ? undefined
    : `${reason
        .split(/[^A-Za-z0-9]+/)
        .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
        .join('')}Error`;
}
