/**
 * The Connect layer's map loader in the package's README and api.md: the layer is
 * hand-written (templates/connect/), so its docs are too, and appear only in a package
 * generated with `info.x-sdk-lib: connect`.
 */
const fence = (code: string) => `\`\`\`ts\n${code}\n\`\`\``;

/** A sample that compiles against the package (README and api.md snippets are type-checked). */
function loaderSample(pkg: string, client: string): string {
  return [
    `import { ${client}, createTileLoader, viewportAround } from '${pkg}';`,
    '',
    `const loader = createTileLoader(new ${client}({ token: 'YOUR_TOKEN' }));`,
    'const viewport = viewportAround({ latitude: 52.52, longitude: 13.405, zoom: 12, width: 1024, height: 768 });',
    "const view = loader.load(viewport, { filters: { power_groups: ['fast', 'turbo'], only_available: true } });",
    'for await (const tile of view) {',
    '  if (tile.features) console.log(`${tile.z}/${tile.x}/${tile.y}: ${tile.features.length} features`, tile.cached);',
    '  else console.warn(`${tile.z}/${tile.x}/${tile.y} failed`, tile.error); // the other tiles still come',
    '}',
  ].join('\n');
}

const LISTS =
  "The contract does not say whether `stations.tile`\u2019s `x` and `y` lists form a grid (every x with every y) or pairs (the i-th x with the i-th y). Every request the loader sends is one row with `y` repeated, or one column with `x` repeated, which names the same tiles under both readings; the fake answers either way (`startFakeConnectApi({ tileLists: 'pairs' })`), and the loader is tested against both. Features are sorted back into their tiles by position.";

/** The README's subsection, after the tile helpers. */
export function tileLoaderReadme(pkg: string, client: string): string[] {
  return [
    '### A map view: the tile loader',
    '`createTileLoader(client)` loads the tiles a map view covers and yields each as it arrives (an async iterable that ends when the view is complete, or when a newer view or the `signal` cancels it). It sends as few requests as the contract allows, shares requests under way between views, keeps a bounded cache (tile and filters as key, `maxAgeMs` 60 s, `cacheSize` 512 tiles) so panning back costs nothing, sends at most `concurrency` (4) requests at once, and aborts the requests a new view no longer shows; an aborted request caches nothing. Calls go through your client, so its retries, typed errors and token handling apply. A view is a box (`west`, `south`, `east`, `north`, `zoom`; across the antimeridian `west` > `east`, latitudes clamp at the poles) or `viewportAround(centre, pixel size)`.',
    fence(loaderSample(pkg, client)),
    `${LISTS} A tile whose request fails with a 4xx other than 401, 403 or 429 is asked for alone, so one bad tile does not take its row with it. With a small client, pass a function: \`createTileLoader((query, options) => stationsTile(client, query, options))\`. Nothing else imports the loader, so a bundle that does not use it does not carry it.`,
  ];
}

/** api.md's section on the Connect layer's loader, after the operations. */
export function tileLoaderApiMarkdown(pkg: string, client: string): string[] {
  return [
    '# Map tile loader',
    'Hand-written for this API (the Connect layer). `createTileLoader` loads the tiles of a map view through `stations.tile`, with batching, shared requests, a cache, a concurrency cap and cancellation.',
    fence(
      [
        'createTileLoader(source: ConnectClient | TileSource, options?: TileLoaderOptions): TileLoader',
        'loader.load(viewport: TileViewport, options?: LoadOptions): TileView // AsyncIterable<TileResult>',
        'loader.stats: TileLoaderStats // requests, cacheHits, shared, aborted, unplaced',
        'loader.clearCache(): void',
        'viewportAround(view: PixelViewport): TileViewport',
      ].join('\n'),
    ),
    [
      '- `TileLoaderOptions`: `concurrency` (4), `maxTilesPerRequest` (8), `cacheSize` (512 tiles), `maxAgeMs` (60 000), `maxTiles` per view (256; a larger view is a `RangeError` naming `viewport`), `now` (the cache\u2019s clock).',
      '- `TileViewport`: `west`, `south`, `east`, `north` in degrees and an integer `zoom`; `PixelViewport`: `latitude`, `longitude`, `zoom`, `width`, `height`, `tileSize` (256).',
      '- `LoadOptions`: `filters` (the query of `stations.tile` without `x`, `y`, `z`) and `signal`.',
      '- `TileView`: `tiles` (centre first), `status` (`loading`, `complete`, `cancelled`), `pending`, `cancel()`.',
      '- `TileResult`: `x`, `y`, `z` and either `features` with `cached`, or `error` (the client\u2019s typed error for that tile).',
    ].join('\n'),
    LISTS,
    fence(loaderSample(pkg, client)),
  ];
}
