import { type InitialData } from '@onair/core';
/**
 * The share image (committed, made by `npm run share-image` from the station's logo and colours).
 * JPEG: a tenth of the PNG's weight for a soft gradient, and outside the service worker's precache
 * of `images/*.png` (listeners never need it; link unfurlers fetch it).
 */
export declare const SHARE_IMAGE: {
    readonly path: "/images/share-1200x630.jpg";
    readonly type: "image/jpeg";
    readonly width: 1200;
    readonly height: 630;
};
export declare function escapeHtml(text: string): string;
/**
 * JSON that is safe inside `<script type="application/json">`: no `<` can close the element or open a
 * comment, and U+2028/2029 stay escaped. JSON.parse reads the `\u` escapes back to the same text.
 */
export declare function jsonForScript(value: unknown): string;
export interface ShellPage {
    /** `https://radio.example` — the origin links in the page are made absolute with. */
    origin: string;
    /** The path asked for (no query), for the canonical URL. */
    path: string;
}
/** A screen prerendered by the web app's own components, and the split-out assets it is drawn with. */
export interface ScreenMarkup {
    /** React's escaped markup for the inside of `#root`. */
    html: string;
    /** React's resource hints for the screen (`<link rel="preload" as="image" …/>`), for the head. */
    hints: string;
    /** Stylesheets of a split-out screen (`/assets/…css`), linked so the markup is styled at first paint. */
    stylesheets: string[];
}
/**
 * index.html as built by Vite, with the station's name, tagline and colours, the share preview tags
 * (Open Graph, Twitter), the first render's data and, when given, the prerendered screen written in.
 * Throws if the template has no title.
 */
export declare function renderAppShell(template: string, data: InitialData, page: ShellPage, screen?: ScreenMarkup | null): string;
/** Whether an Accept header admits an HTML answer (`text/html`, `text/*` or `*\/*` with q > 0); absent admits all. */
export declare function acceptsHtml(accept: string | undefined): boolean;
/** A path the app's router draws (`/`, `/schedule`, `/nope`), not a file (`/images/x.png`) or an API. */
export declare function isNavigationPath(path: string): boolean;
