/** One client in the request benchmark: how it fetches the small user and the station page. */
export interface Contender {
  readonly name: string;
  /** Resolves to the user's id. */
  readonly small: () => Promise<string>;
  /** Resolves to the number of stations on the page. */
  readonly page: () => Promise<number>;
}

export const BENCH_TOKEN = 'bench-token';
export const USER_ID = 'usr_8f3a2c';
export const AROUND = { latitude: 52.52, longitude: 13.405 } as const;
