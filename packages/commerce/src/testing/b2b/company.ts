/**
 * Companies, their teams and their users. A new company starts in the public shared catalog (and its
 * customer group); a customer belongs to at most one company.
 */
import { MESSAGES, PlatformError } from '../platform-errors.ts';
import type { ModeledHandler } from '../modeled-routes.ts';
import type { Entity } from '../store.ts';
import { PUBLIC_CATALOG_ID, id, noSuchEntity, object, required, type FakeB2b } from './state.ts';

const COMPANY_REQUIRED = ['company_name', 'company_email', 'street', 'city', 'country_id', 'postcode', 'telephone', 'super_user_id'];

function companyRecord(companyId: number, fields: Entity, customerGroupId: number): Entity {
  return {
    status: 0, legal_name: '', vat_tax_id: '', reseller_id: '', comment: '', region: '', region_id: '0', sales_representative_id: 1,
    reject_reason: '', rejected_at: '', ...fields, id: companyId, customer_group_id: customerGroupId,
    street: Array.isArray(fields['street']) ? fields['street'] : [String(fields['street'] ?? '')],
  };
}

function getCompany(b2b: FakeB2b, value: unknown): Entity {
  const companyId = id(value, 'companyId');
  const company = b2b.companies.get(companyId);
  if (!company) throw noSuchEntity('id', companyId);
  return company;
}

export function companyRoutes(b2b: FakeB2b): Record<string, ModeledHandler> {
  const groupOf = (catalogId: number) => Number(b2b.sharedCatalogs.get(catalogId)?.['customer_group_id'] ?? 1);
  return {
    'GET /V1/company/': (_, { search }) => search([...b2b.companies.values()]),
    'POST /V1/company/': (input) => {
      const fields = object(input, 'company');
      const missing = COMPANY_REQUIRED.find((name) => fields[name] === undefined || fields[name] === '' || (Array.isArray(fields[name]) && !(fields[name] as unknown[]).length));
      if (missing) throw required(missing);
      const companyId = b2b.nextId('company');
      const company = companyRecord(companyId, fields, groupOf(PUBLIC_CATALOG_ID));
      b2b.companies.set(companyId, company);
      b2b.companyCatalog.set(companyId, PUBLIC_CATALOG_ID);
      b2b.companyUsers.set(Number(fields['super_user_id']), companyId);
      return company;
    },
    'GET /V1/company/{companyId}': (input) => getCompany(b2b, input['companyId']),
    'PUT /V1/company/{companyId}': (input) => {
      const current = getCompany(b2b, input['companyId']);
      // The customer group follows the shared catalog; it cannot be set here.
      const saved = { ...current, ...object(input, 'company'), id: current['id'], customer_group_id: current['customer_group_id'] };
      b2b.companies.set(Number(current['id']), saved);
      return saved;
    },
    'DELETE /V1/company/{companyId}': (input) => {
      const companyId = Number(getCompany(b2b, input['companyId'])['id']);
      b2b.companies.delete(companyId);
      b2b.companyCatalog.delete(companyId);
      for (const [customerId, owner] of b2b.companyUsers) if (owner === companyId) b2b.companyUsers.delete(customerId);
      for (const [teamId, team] of b2b.teams) if (team.company_id === companyId) b2b.teams.delete(teamId);
      return true;
    },
    'GET /V1/team/': (_, { search }) => search([...b2b.teams.values()].map(({ company_id: _company, ...team }) => team)),
    'POST /V1/team/{companyId}': (input) => {
      const company = getCompany(b2b, input['companyId']);
      const team = object(input, 'team');
      if (typeof team['name'] !== 'string' || !team['name']) throw required('name');
      const teamId = b2b.nextId('team');
      b2b.teams.set(teamId, { description: '', ...team, id: teamId, company_id: Number(company['id']) });
      return undefined;
    },
    'GET /V1/team/{teamId}': (input) => {
      const team = b2b.teams.get(id(input['teamId'], 'teamId'));
      if (!team) throw noSuchEntity('id', input['teamId']);
      const { company_id: _company, ...shown } = team;
      return shown;
    },
    'PUT /V1/team/{teamId}': (input) => {
      const teamId = id(input['teamId'], 'teamId');
      const team = b2b.teams.get(teamId);
      if (!team) throw noSuchEntity('id', teamId);
      b2b.teams.set(teamId, { ...team, ...object(input, 'team'), id: teamId, company_id: team.company_id });
      return true;
    },
    'DELETE /V1/team/{teamId}': (input) => {
      const teamId = id(input['teamId'], 'teamId');
      if (!b2b.teams.delete(teamId)) throw noSuchEntity('id', teamId);
      return undefined;
    },
    'PUT /V1/customers/{customerId}/companies/{companyId}': (input) => {
      const company = getCompany(b2b, input['companyId']);
      b2b.companyUsers.set(id(input['customerId'], 'customerId'), Number(company['id']));
      return undefined;
    },
    'DELETE /V1/customers/{customerId}/companies/{companyId}': (input) => {
      const customerId = id(input['customerId'], 'customerId');
      const companyId = Number(getCompany(b2b, input['companyId'])['id']);
      if (b2b.companyUsers.get(customerId) !== companyId) throw noSuchEntity('customerId', customerId);
      // The company admin stays: another admin must be named first (PUT /V1/company/{companyId}).
      if (Number(b2b.companies.get(companyId)!['super_user_id']) === customerId) throw new PlatformError(400, MESSAGES.invalidValue, ['customerId']);
      b2b.companyUsers.delete(customerId);
      return undefined;
    },
    'GET /V1/customers/{customerId}/companies': (input) => {
      const companyId = b2b.companyUsers.get(id(input['customerId'], 'customerId'));
      return companyId === undefined ? [] : [b2b.companies.get(companyId)];
    },
    'GET /V1/customers/{customerId}/companies/{companyId}': (input) => {
      const customerId = id(input['customerId'], 'customerId');
      const companyId = Number(getCompany(b2b, input['companyId'])['id']);
      if (b2b.companyUsers.get(customerId) !== companyId) throw noSuchEntity('customerId', customerId);
      return { customer_id: customerId, company_id: companyId, job_title: '', status: 1, telephone: '', is_default: true };
    },
  };
}
