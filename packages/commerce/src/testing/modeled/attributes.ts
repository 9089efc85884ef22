/**
 * EAV attribute sets (`Eav\Model\AttributeSetRepository`) and the product attributes of a set
 * (`Catalog\Model\Product\Attribute\Management::getAttributes`): an unknown set is
 * `No such entity with id = …` (404); a set of another entity type has no product attributes, and is
 * refused the same way.
 */
import { PRODUCT_ENTITY_TYPE, productAttributes } from '../records/attributes.ts';
import type { ModeledHandler } from '../modeled-routes.ts';
import { noSuchEntity, numericId } from './support.ts';

export const attributeHandlers: Record<string, ModeledHandler> = {
  'GET /V1/eav/attribute-sets/list': (_, { store, search }) => search([...store.attributeSets.values()].map((set) => ({ ...set }))),
  'GET /V1/products/attribute-sets/{attributeSetId}/attributes': (input, { store }) => {
    const id = numericId(input['attributeSetId'], 'attributeSetId');
    const set = store.attributeSets.get(id);
    if (!set || set['entity_type_id'] !== PRODUCT_ENTITY_TYPE) throw noSuchEntity('id', id);
    return productAttributes();
  },
};
