import type { FastifyContextConfig, FastifySchema } from 'fastify';
import type { FeatureName, Permission } from '@ordem-certa/contracts';
import type { Access } from '../core/access/access.ts';

/**
 * A route's options in one call, for the routes of a file that share their OpenAPI tag (and the
 * feature the organization needs turned on): `const route = routeOptions('nfse', {feature: 'nfse'})`,
 * then `route('nfse.see', {summary, params, response})` gives `{schema: {tags, …}, config: {access}}`,
 * the access rule the auth plugin checks. The first argument is the permission the caller's role
 * needs, 'public', or a whole access rule; more config (a rate limit) goes third. The schema keeps its
 * types, so the handler's request is typed from it as with the options written out.
 */
export function routeOptions(tag: string, scope: { feature?: FeatureName } = {}) {
  const tags = [tag];
  const accessOf = (rule: Permission | Access): Access => {
    if (typeof rule !== 'string' || rule === 'public' || rule === 'portal') return rule;
    return scope.feature ? { can: rule, feature: scope.feature } : { can: rule };
  };
  return <S extends FastifySchema>(
    rule: Permission | Access,
    schema: S,
    config?: Omit<FastifyContextConfig, 'access'>,
  ) => ({
    schema: { tags, ...schema },
    config: {
      ...config,
      access: accessOf(rule),
      // A portal route of a feature: the customer's session reaches it only while the feature is on.
      ...(rule === 'portal' && scope.feature ? { portalFeature: scope.feature } : {}),
    },
  });
}
