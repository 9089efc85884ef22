// A Lambda handler as an ES module (Node 24).
import * as commerce from '@magekit/commerce';
import * as commerceTesting from '@magekit/commerce/testing';
import * as marketplace from '@magekit/marketplace';
import * as marketplaceTesting from '@magekit/marketplace/testing';
import { smoke } from '../../smoke/smoke.mjs';

export const handler = async (event) => {
  const result = await smoke({ commerce, commerceTesting, marketplace, marketplaceTesting }, { loopbackUrl: event.loopbackUrl });
  return { ...result, loaded: import.meta.resolve('@magekit/commerce').split('/').pop(), requireModule: process.features.require_module ?? false };
};
