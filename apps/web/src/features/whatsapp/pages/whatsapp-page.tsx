import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useWhatsAppSettings } from '../api/get-whatsapp-settings.ts';
import { useWhatsAppTemplates } from '../api/get-whatsapp-templates.ts';
import { ConnectionForm } from '../components/connection-form.tsx';
import { TemplatesCard } from '../components/templates-card.tsx';

/** WhatsApp (admin): the connection to Meta's Cloud API, which notices go, and the templates' approval. */
export function WhatsAppPage() {
  const settings = useWhatsAppSettings();
  const templates = useWhatsAppTemplates();
  return (
    <>
      <PageHeader title="WhatsApp" />
      <div style={{ maxWidth: 960 }}>
        <QueryState isPending={settings.isPending} error={settings.error}>
          {settings.data && <ConnectionForm settings={settings.data} />}
        </QueryState>
        <QueryState isPending={templates.isPending} error={templates.error}>
          {templates.data && settings.data && (
            <TemplatesCard
              templates={templates.data.data}
              connected={settings.data.configured && settings.data.hasAccessToken}
            />
          )}
        </QueryState>
      </div>
    </>
  );
}
