/**
 * The platform's Web API input limits (2.4.3+), which the fake applies when asked. On the platform
 * they are off unless a merchant turns them on (Stores > Configuration > Services > Web API Input
 * Limits, `webapi/validation/input_limit_enabled`, "Default Value: No": AdobeDocs commerce-admin.en
 * `help/configuration-reference/services/magento-web-api.md`), so the fake's default is off too.
 *
 * With them on, as `lib/internal/Magento/Framework/Webapi/Validator/*` reads:
 * - a searchCriteria pageSize above `maximum_page_size` (300) is refused with 400
 *   `Maximum SearchCriteria pageSize is %max` (SearchCriteriaValidator), and a search without a
 *   page size gets `default_page_size` (20) (IOLimit/DefaultPageSizeSetter);
 * - an array of objects with more items than allowed is refused with 400
 *   `Maximum items of type "%type" is %max` (EntityArrayValidator). The limit is
 *   `complex_array_limit` (20) for synchronous requests and 5,000 for `/async/V1/` requests
 *   (InputArraySizeLimitValue: its async test is the path pattern `/async/V\d/`, which a
 *   `/async/bulk/V1/` path does not match, so arrays inside a bulk element get the synchronous
 *   limit). The elements of a bulk request are resolved one by one
 *   (WebapiAsync/Controller/Rest/Asynchronous/InputParamsResolver::resolve), so the bulk array
 *   itself is not counted.
 * The platform names the item's PHP interface as `%type`; the fake, which has no PHP types, names
 * the JSON property that holds the array.
 */
import type { Variant } from '../calls/runtime.ts';
import { PlatformError } from './platform-errors.ts';

export interface FakeInputLimits {
  /** `webapi/validation/maximum_page_size`. Default 300. */
  maximumPageSize?: number;
  /** `webapi/validation/default_page_size`: the page size of a search that gives none. Default 20. */
  defaultPageSize?: number;
  /** `webapi/validation/complex_array_limit` (Input List Limit). Default 20. */
  complexArrayLimit?: number;
  /** env.php `webapi/async/default_input_array_size_limit`. Default 5000. */
  asyncArrayLimit?: number;
}

export const INPUT_LIMIT_MESSAGES = {
  pageSize: 'Maximum SearchCriteria pageSize is %max',
  arrayItems: 'Maximum items of type "%type" is %max',
} as const;

export interface InputLimits {
  /** Refuses a page size above the maximum; adds the default page size to a search that gives none. */
  checkSearch(query: URLSearchParams, takesSearchCriteria: boolean): void;
  /** Refuses an array of objects longer than the limit for this kind of request. */
  checkBody(body: unknown, variant: Variant): void;
}

export function createInputLimits(option: boolean | FakeInputLimits | undefined): InputLimits | undefined {
  if (!option) return undefined;
  const o = option === true ? {} : option;
  const maximumPageSize = o.maximumPageSize ?? 300;
  const defaultPageSize = o.defaultPageSize ?? 20;
  const complexArrayLimit = o.complexArrayLimit ?? 20;
  const asyncArrayLimit = o.asyncArrayLimit ?? 5000;

  function checkArrays(value: unknown, max: number, name: string): void {
    if (Array.isArray(value)) {
      if (value.length > max && value.some((item) => item !== null && typeof item === 'object')) {
        throw new PlatformError(400, INPUT_LIMIT_MESSAGES.arrayItems, { type: name, max });
      }
      for (const item of value) checkArrays(item, max, name);
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) checkArrays(child, max, key);
    }
  }

  return {
    checkSearch(query, takesSearchCriteria) {
      const given = query.get('searchCriteria[pageSize]') ?? query.get('searchCriteria[page_size]');
      if (given !== null && given !== '') {
        const size = Math.trunc(Number(given));
        if (size > maximumPageSize) throw new PlatformError(400, INPUT_LIMIT_MESSAGES.pageSize, { max: maximumPageSize });
      } else if (takesSearchCriteria) {
        query.set('searchCriteria[pageSize]', String(defaultPageSize));
      }
    },
    checkBody(body, variant) {
      if (variant === 'bulk' && Array.isArray(body)) {
        for (const element of body) checkArrays(element, complexArrayLimit, 'element');
        return;
      }
      checkArrays(body, variant === 'async' ? asyncArrayLimit : complexArrayLimit, 'body');
    },
  };
}
