import dayjs from 'dayjs'

/** Times in answers: local "YYYY-MM-DD HH:mm:ss", as the screens show them. */
export const fmt = (d: dayjs.Dayjs | Date | number) => dayjs(d).format('YYYY-MM-DD HH:mm:ss')
export const nowText = () => fmt(Date.now())
export { dayjs }
