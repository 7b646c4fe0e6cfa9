// The renderer's Content Security Policy, one string for the Electron session headers, the
// browser host's headers and the <meta> tag the build puts in index.html.

const directives: Record<string, string> = {
  'default-src': "'self'",
  // WebAssembly (sql.js) needs wasm-unsafe-eval; nothing else may evaluate strings.
  'script-src': "'self' 'wasm-unsafe-eval'",
  'worker-src': "'self' blob:",
  'img-src': "'self' data: blob: studio-media:",
  'media-src': "'self' studio-media: blob:",
  // Monaco sets inline styles.
  'style-src': "'self' 'unsafe-inline'",
  // studio-media: the clip cache fetches desktop clips into memory for the frame decoder.
  'connect-src': "'self' studio-media:",
  'object-src': "'none'",
  'base-uri': "'none'",
};

export const contentSecurityPolicy = Object.entries(directives)
  .map(([name, value]) => `${name} ${value}`)
  .join('; ');
