import { Card, Col, Row, Statistic, Tooltip, Typography } from 'antd';
import type { ReportTotals } from '@parley/contracts';
import { changeFrom, formatCount, formatDuration, type Change } from '../report-format';

/** Durations are counted in 2 % wide buckets (the server's reports.histogram.ts). */
const ESTIMATE_NOTE =
  'Over many conversations, the median and p90 are estimated to within 2 %; over a few they are exact.';

const TONE_COLOR: Record<Change['tone'], string> = {
  good: '#389e0d',
  bad: '#cf1322',
  neutral: '#5b6170',
};

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
  return [
    count('Conversations opened', 'opened'),
    count('Conversations closed', 'closed'),
    count('Messages in', 'messages_in'),
    count('Messages out', 'messages_out'),
    {
      title: 'First response time',
      value: formatDuration(current.first_response.median_seconds),
      detail: `median · p90 ${formatDuration(current.first_response.p90_seconds)}`,
      change: changeFrom(
        current.first_response.median_seconds,
        previous.first_response.median_seconds,
        true,
      ),
      hint: `From a conversation’s start to the first reply, for conversations opened in the range. ${ESTIMATE_NOTE}`,
    },
    {
      title: 'Resolution time',
      value: formatDuration(current.resolution.median_seconds),
      detail: `median · p90 ${formatDuration(current.resolution.p90_seconds)}`,
      change: changeFrom(
        current.resolution.median_seconds,
        previous.resolution.median_seconds,
        true,
      ),
      hint: `From a conversation’s start to its close, for conversations closed in the range. ${ESTIMATE_NOTE}`,
    },
    {
      title: 'CSAT',
      value: csat.satisfied_percent === null ? '—' : `${csat.satisfied_percent}%`,
      detail:
        csat.responses === 0
          ? 'No ratings yet'
          : `${csat.average_rating} ★ average · ${formatCount(csat.responses)} rating${csat.responses === 1 ? '' : 's'}`,
      change: changeFrom(csat.satisfied_percent, previous.csat.satisfied_percent),
      hint: 'Share of 4 and 5 star ratings in the feedback survey, for the whole workspace (filters do not apply).',
    },
  ];
}

/** The period's headline figures, each with its change from the previous period. */
export function KpiCards({ current, previous }: { current: ReportTotals; previous: ReportTotals }) {
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
              style={{ fontSize: 12, color: TONE_COLOR[k.change.tone] }}
              data-testid="change"
            >
              {k.change.label}
              {k.change.percent ? ' vs previous period' : ''}
            </Typography.Text>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
