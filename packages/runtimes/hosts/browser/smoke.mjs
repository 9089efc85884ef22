// The Chromium lane's smoke page script: the smoke suite against the in-process fakes, plus one real
// request to the CORS-enabled fake on 127.0.0.1. Bundled as a page script (globalThis.runSmoke).
import * as commerce from '@magekit/commerce';
import * as commerceTesting from '@magekit/commerce/testing';
import * as marketplace from '@magekit/marketplace';
import * as marketplaceTesting from '@magekit/marketplace/testing';
import { smoke } from '../../smoke/smoke.mjs';

globalThis.runSmoke = (loopbackUrl) => smoke({ commerce, commerceTesting, marketplace, marketplaceTesting }, { loopbackUrl });
