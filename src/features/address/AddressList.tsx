import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import LoadState from '@/components/LoadState'
import { EmptyState } from '@/components/StateView'
import type { Address } from '@/contract/address'
import { regionLine } from '@/contract/regionNames'
import { confirmAction, toastError, toastSuccess } from '@/core/feedback'
import { maskPhone } from '@/core/format'
import { errorMessage, request } from '@/core/request'
import { useLang } from '@/core/i18n'
import { useAction } from '@/hooks/useAction'
import type { QueryState } from '@/hooks/useQuery'
import { useT } from './messages'
import './address.css'
import { routeUrl } from '@/routes'

export { ADDRESS_SELECTED_EVENT } from '@/core/events'
import { ADDRESS_SELECTED_EVENT } from '@/core/events'

/** What a delete or a new default changes: the addresses (this list, the checkout's), nothing else. */
const ADDRESSES = { changes: ['personal.address/'] }

interface Props {
  query: QueryState<{ list: Address[] }>
  /** Opened from an order: a tap returns the address. */
  selectMode: boolean
}

/** Addresses: default first; set default, edit, delete (asked first); in select mode a tap picks one. */
export default function AddressList({ query, selectMode }: Props) {
  const t = useT()
  const lang = useLang()
  const list = query.data?.list ?? []
  const act = useAction(async (action: () => Promise<unknown>, done: string) => {
    try {
      // The list asks again by itself (the write invalidates the addresses: src/core/cache.ts).
      await action()
      toastSuccess(done)
    } catch (e) {
      toastError(errorMessage(e))
    }
  })
  const remove = async (a: Address) => {
    if (!(await confirmAction(t('address.deleteConfirm'), t('address.delete'), t('common.cancel')))) return
    await act.run(() => request('personal.address/delete', { id: a.id }, ADDRESSES), t('address.deleted'))
  }
  const pick = (a: Address) => {
    if (!selectMode) return
    Taro.eventCenter.trigger(ADDRESS_SELECTED_EVENT, a)
    void Taro.navigateBack({ delta: 1 })
  }
  // From an order's address choice, the new address comes back chosen (issue 39: AddressForm's `pick`).
  const add = () => void Taro.navigateTo({ url: routeUrl('pages/personal/newAddress', { select: selectMode ? 1 : undefined }) })

  return (
    <LoadState loading={query.loading && !query.data} error={query.error} onRetry={() => void query.reload()}>
      {list.length === 0 ? (
        <EmptyState title={t('address.empty')} hint={t('address.emptyHint')} actionText={t('address.add')} onAction={add} />
      ) : (
        <View className='addresses'>
          {list.map((a) => (
            <View key={a.id} className={`address${a.is_default ? ' address--default' : ''}`} role={selectMode ? 'button' : undefined} tabIndex={selectMode ? 0 : undefined} onClick={() => pick(a)}>
              <View className='address__head'>
                <Text className='address__name'>{a.name}</Text>
                <Text className='address__mobile'>{maskPhone(a.mobile)}</Text>
                {a.is_default && <Text className='address__tag'>{t('address.default')}</Text>}
              </View>
              <Text className='address__text'>
                {regionLine(lang, a.province, a.city, a.district)} {a.detail}
              </Text>
              <View className='address__actions' onClick={(e) => e.stopPropagation()}>
                {!a.is_default && (
                  <Text className='address__action address__set-default' role='button' tabIndex={0} onClick={() => void act.run(() => request('personal.address/setDefault', { id: a.id }, ADDRESSES), t('address.saved'))}>
                    {t('address.setDefault')}
                  </Text>
                )}
                <Text className='address__action address__edit' role='button' tabIndex={0} onClick={() => void Taro.navigateTo({ url: routeUrl('pages/personal/newAddress', { id: a.id }) })}>
                  {t('address.edit')}
                </Text>
                <Text className='address__action address__delete' role='button' tabIndex={0} onClick={() => void remove(a)}>
                  {t('address.delete')}
                </Text>
              </View>
            </View>
          ))}
          <Button className='address-add' onClick={add}>
            {t('address.add')}
          </Button>
        </View>
      )}
    </LoadState>
  )
}
