package cxx

import (
	"context"
	"testing"

	"github.com/tilecheck/tilecheck/cute"
)

func TestSmoke(t *testing.T) {
	inc := realCute(t)
	cases := []cute.Case{
		mustCase(t, "op=composition A=(_4,_6,_8):(_2,_3,_5) B=_6:_3"),
		mustCase(t, "op=composition A=(4,6,8):(2,3,5) B=6:3"),
		mustCase(t, "op=composition A=(_4,_6):(_1,_8) B=_3:_6"),
		mustCase(t, "op=composition A=(4,6):(1,8) B=6:0"),
		mustCase(t, "op=swizzle A=(8,64):(64,1) S=Sw<3,4,3>"),
		mustCase(t, "op=max_common_vector A=(4,6,8):(2,3,5) B=(4,6,8):(2,3,5)"),
		mustCase(t, "op=complement A=(4,6):(1,4) M=100"),
	}
	ans, err := Answer(context.Background(), Options{Include: inc, CacheDir: testCache(t), Progress: func(s string) { t.Log(s) }}, cases)
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range ans {
		t.Logf("%v => %+v", cases[i], a)
	}
}
