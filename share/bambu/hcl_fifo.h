/* hcl_fifo.h - FIFO channels between filters for PandA-Bambu C.
 *
 * A channel parameter is a pointer that its filter reads (or writes) once
 * per element, in order: with Bambu's FIFO interface (`#pragma HLS
 * interface port=P mode=fifo`, under __BAMBU__) each access is one
 * transfer; compiled by gcc it walks the channel's storage, so a filter
 * that read out of order would compute wrong values and fail the check.
 */
#ifndef HCL_FIFO_H
#define HCL_FIFO_H

#define hcl_fifo_read(channel) (*(channel)++)
#define hcl_fifo_write(channel, value) (*(channel)++ = (value))

#endif /* HCL_FIFO_H */
