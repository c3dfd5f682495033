/**
 * The icon browsers ask for at /favicon.ico (the API reference, the console,
 * the error guide). An SVG: one small constant, no binary asset to build or
 * copy, and every current browser draws an SVG icon whatever its path says.
 * It shows a table's rows, which is what docrows makes of a document.
 */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<rect width="32" height="32" rx="6" fill="#1f4e79"/>
<rect x="6" y="7" width="20" height="4" rx="1" fill="#fff"/>
<rect x="6" y="14" width="20" height="3" rx="1" fill="#9cc3e6"/>
<rect x="6" y="19" width="20" height="3" rx="1" fill="#9cc3e6"/>
<rect x="6" y="24" width="20" height="3" rx="1" fill="#9cc3e6"/>
</svg>`;
