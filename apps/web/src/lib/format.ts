export { formatDate, formatDateTime, formatMoney } from '@oficina/contracts';
