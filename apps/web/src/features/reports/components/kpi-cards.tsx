import { Card, Col, Row, Statistic, theme, Tooltip, Typography } from 'antd';
import type { GlobalToken } from 'antd';
import type { ReportTotals } from '@parley/contracts';
import { formatNumber } from '../../../lib/format';
import { changeFrom, formatCount, formatDuration, type Change } from '../report-format';
import { plural, t } from '@lingui/core/macro';

const toneColor = (tone: Change['tone'], token: GlobalToken) =>
  tone === 'good'
    ? token.colorSuccess
    : tone === 'bad'
      ? token.colorError
      : token.colorTextSecondary;

/** "+25% vs previous period" */
function versusPrevious(change: string) {
  return t`${change} vs previous period`;
}

interface Kpi {
  title: string;
  value: string;
  detail?: string;
  change: Change;
  hint?: string;
}

function kpis(current: ReportTotals, previous: ReportTotals): Kpi[] {
  const count = (title: string, key: 'opened' | 'closed' | 'messages_in' | 'messages_out') => ({
    title,
    value: formatCount(current[key]),
    change: changeFrom(current[key], previous[key]),
  });
  const csat = current.csat;
  const responseP90 = formatDuration(current.first_response.p90_seconds);
  const resolutionP90 = formatDuration(current.resolution.p90_seconds);
  const averageRating = formatNumber(csat.average_rating ?? 0);
  const ratingCount = csat.responses;
  // Durations are counted in 2 % wide buckets (the server's reports histogram): hence the note.
  return [
    count(t`Conversations opened`, 'opened'),
    count(t`Conversations closed`, 'closed'),
    count(t`Messages in`, 'messages_in'),
    count(t`Messages out`, 'messages_out'),
    {
      title: t`First response time`,
      value: formatDuration(current.first_response.median_seconds),
      detail: t`median · p90 ${responseP90}`,
      change: changeFrom(
        current.first_response.median_seconds,
        previous.first_response.median_seconds,
        true,
      ),
      hint: t`From a conversation’s start to the first reply, for conversations opened in the range. Over many conversations, the median and p90 are estimated to within 2 %; over a few they are exact.`,
    },
    {
      title: t`Resolution time`,
      value: formatDuration(current.resolution.median_seconds),
      detail: t`median · p90 ${resolutionP90}`,
      change: changeFrom(
        current.resolution.median_seconds,
        previous.resolution.median_seconds,
        true,
      ),
      hint: t`From a conversation’s start to its close, for conversations closed in the range. Over many conversations, the median and p90 are estimated to within 2 %; over a few they are exact.`,
    },
    {
      title: t`CSAT`,
      value:
        csat.satisfied_percent === null
          ? '—'
          : formatNumber(csat.satisfied_percent / 100, { style: 'percent' }),
      detail:
        csat.responses === 0
          ? t`No ratings yet`
          : plural(ratingCount, {
              one: `${averageRating} ★ average · # rating`,
              other: `${averageRating} ★ average · # ratings`,
            }),
      change: changeFrom(csat.satisfied_percent, previous.csat.satisfied_percent),
      hint: t`Share of 4 and 5 star ratings in the feedback survey, for the whole workspace (filters do not apply).`,
    },
  ];
}

/** The period's headline figures, each with its change from the previous period. */
export function KpiCards({ current, previous }: { current: ReportTotals; previous: ReportTotals }) {
  const { token } = theme.useToken();
  return (
    <Row gutter={[16, 16]}>
      {kpis(current, previous).map((k) => (
        <Col key={k.title} xs={24} sm={12} lg={6}>
          <Card size="small" role="group" aria-label={k.title} style={{ height: '100%' }}>
            <Statistic
              title={k.hint ? <Tooltip title={k.hint}>{k.title}</Tooltip> : k.title}
              value={k.value}
            />
            {k.detail && (
              <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
                {k.detail}
              </Typography.Text>
            )}
            <Typography.Text
              style={{ fontSize: 12, color: toneColor(k.change.tone, token) }}
              data-testid="change"
            >
              {k.change.percent ? versusPrevious(k.change.label) : k.change.label}
            </Typography.Text>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
