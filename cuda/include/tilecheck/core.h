// tilecheck C++ renditions: shared vocabulary (element types, packed arrays,
// coordinates, layouts, shapes). Written from tilecheck's SPEC.md only; the
// names and template signatures follow CUTLASS so that generated code can be
// pointed at a real CUTLASS checkout by switching include directory and
// namespace.
#pragma once

#include <stdint.h>
#include <stddef.h>

#if defined(__CUDACC__)
#define TC_HD __host__ __device__
#else
#define TC_HD
#endif

namespace tilecheck_detail {

// sizeof_bits<T>: bits per element; sub-byte types specialise it.
template <class T> struct sizeof_bits { static constexpr int value = int(sizeof(T) * 8); };

// A storage-only number type of Bits bits (the values never matter to an
// address checker; only the width does).
template <int Bits, int Tag> struct opaque_number {
  typedef uint8_t Storage;
  Storage storage;
};
template <int Bits, int Tag> struct sizeof_bits<opaque_number<Bits, Tag>> { static constexpr int value = Bits; };

// 16- and 32-bit storage types stand in for half/bfloat16/tfloat32.
template <int Tag> struct storage16 { uint16_t storage; };
template <int Tag> struct storage32 { uint32_t storage; };

// Packed Array<T, N>: size(N, B). For B >= 32, N·B/8 bytes; below,
// storage words of 4, 2 or 1 bytes (the widest dividing N·B), each holding
// floor(8·S/B) elements.
template <int B, int N> struct array_storage {
  static constexpr long long kBits = (long long)N * B;
  static constexpr int kWord = B >= 32 ? 1 : (kBits % 32 == 0 ? 4 : (kBits % 16 == 0 ? 2 : 1));
  static constexpr int kPerWord = B >= 32 ? 1 : (8 * kWord) / B;
  static constexpr long long kBytes = B >= 32 ? kBits / 8 : ((N + kPerWord - 1) / kPerWord) * kWord;
};

template <class T, int N> struct Array {
  typedef T Element;
  static constexpr int kElements = N;
  static constexpr long long kBytes = array_storage<sizeof_bits<T>::value, N>::kBytes;
  alignas(array_storage<sizeof_bits<T>::value, N>::kWord) unsigned char storage[kBytes > 0 ? kBytes : 1];
};

// Largest power of two dividing n, capped at 16 (alignas needs a power of two).
constexpr int pow2_part(long long n) { return n <= 0 ? 1 : ((n % 16 == 0) ? 16 : (n % 8 == 0) ? 8 : (n % 4 == 0) ? 4 : (n % 2 == 0) ? 2 : 1); }

// AlignedArray<T, N, Alignment>: sizeof is the packed size rounded up to a
// multiple of Alignment (no rounding when Alignment is 0). Alignment need not
// be a power of two (6-bit types), so the size is computed and
// the C++ alignment is the power-of-two part of it.
template <int B, int N, int Alignment> struct aligned_size {
  static constexpr long long kPacked = array_storage<B, N>::kBytes;
  static constexpr long long value = Alignment <= 0 ? kPacked : ((kPacked + Alignment - 1) / Alignment) * Alignment;
};
template <class T, int N, int Alignment> struct alignas(pow2_part(aligned_size<sizeof_bits<T>::value, N, Alignment>::value)) AlignedArray {
  static constexpr int kElements = N;
  static constexpr long long kBytes = aligned_size<sizeof_bits<T>::value, N, Alignment>::value;
  unsigned char storage[kBytes];
};

// int32 narrowing exactly as C++ converts (two's complement wrap).
TC_HD inline int32_t narrow_i32(long long v) { return (int32_t)(uint32_t)(unsigned long long)v; }

namespace layout {

struct PitchLinearCoord {
  int32_t c_, s_;
  TC_HD PitchLinearCoord() : c_(0), s_(0) {}
  TC_HD PitchLinearCoord(int32_t c, int32_t s) : c_(c), s_(s) {}
  TC_HD int32_t contiguous() const { return c_; }
  TC_HD int32_t strided() const { return s_; }
};

template <int C, int S> struct PitchLinearShape {
  static constexpr int kContiguous = C;
  static constexpr int kStrided = S;
  static constexpr int kCount = C * S;
};

struct PitchLinear {
  typedef int32_t Index;
  typedef int64_t LongIndex;
  typedef PitchLinearCoord TensorCoord;
  LongIndex stride_;
  TC_HD explicit PitchLinear(LongIndex ldm = 0) : stride_(ldm) {}
  TC_HD LongIndex stride(int) const { return stride_; }
  // Element offset of a coordinate: c + s·L.
  TC_HD LongIndex operator()(TensorCoord const& x) const { return (LongIndex)x.contiguous() + (LongIndex)x.strided() * stride_; }
};

}  // namespace layout

struct MatrixCoord {
  int32_t r_, c_;
  TC_HD MatrixCoord() : r_(0), c_(0) {}
  TC_HD MatrixCoord(int32_t r, int32_t c) : r_(r), c_(c) {}
  TC_HD int32_t row() const { return r_; }
  TC_HD int32_t column() const { return c_; }
};

template <int R, int C> struct MatrixShape {
  static constexpr int kRow = R;
  static constexpr int kColumn = C;
  static constexpr int kCount = R * C;
};

namespace layout {
struct RowMajor {
  typedef int32_t Index;
  typedef int64_t LongIndex;
  typedef MatrixCoord TensorCoord;
  LongIndex stride_;
  TC_HD explicit RowMajor(LongIndex ldm = 0) : stride_(ldm) {}
  TC_HD LongIndex stride(int) const { return stride_; }
  TC_HD LongIndex operator()(TensorCoord const& x) const { return (LongIndex)x.column() + (LongIndex)x.row() * stride_; }
};
struct ColumnMajor {
  typedef int32_t Index;
  typedef int64_t LongIndex;
  typedef MatrixCoord TensorCoord;
  LongIndex stride_;
  TC_HD explicit ColumnMajor(LongIndex ldm = 0) : stride_(ldm) {}
  TC_HD LongIndex stride(int) const { return stride_; }
  TC_HD LongIndex operator()(TensorCoord const& x) const { return (LongIndex)x.row() + (LongIndex)x.column() * stride_; }
};
}  // namespace layout

template <class Element_, class Layout_> struct TensorRef {
  typedef Element_ Element;
  typedef Layout_ Layout;
  Element* ptr_;
  Layout layout_;
  TC_HD TensorRef() : ptr_(0), layout_() {}
  TC_HD TensorRef(Element* p, Layout const& l) : ptr_(p), layout_(l) {}
  TC_HD Element* data() const { return ptr_; }
  TC_HD Layout const& layout() const { return layout_; }
  TC_HD typename Layout::LongIndex stride(int i) const { return layout_.stride(i); }
};

}  // namespace tilecheck_detail
