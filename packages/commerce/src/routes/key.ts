/**
 * One key per route, however its path is spelled. The catalog writes some routes with a trailing
 * slash (`POST /V1/orders/`, from the platform's webapi.xml files), while the 2.4.9 schemas and the
 * live schema of an installation write `POST /V1/orders`. The platform's REST router matches
 * either: it trims slashes from the path before splitting it into segments
 * (app/code/Magento/Webapi/Controller/Rest/Router/Route.php, getPathParts: `explode('/', trim($path, '/'))`).
 * So both spellings are one route here too; `magekit-commerce types pull` uses this function to
 * recognise a live route the SDK already has.
 */

/** `POST /V1/orders/` → `POST /V1/orders`; any other key is returned as written. */
export function normalizeRouteKey(key: string): string {
  return key.length > 1 && key.endsWith('/') && !key.endsWith(' /') ? key.replace(/\/+$/, '') : key;
}

